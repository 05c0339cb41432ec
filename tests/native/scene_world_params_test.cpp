// The landscape's parameter table (cpp/scene/world_params.h): a constant array whose rows carry
// the page's rules, with the documentation columns in world_params_docs.cpp (not in the 404 page's
// module), parsed to views of the table or of the text given.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "scene/world_params.h"

namespace sc = nf::scene;

TEST(WorldParams, EveryRowHasNamesRulesAndDocs) {
  std::set<std::string> names;
  for (const sc::WorldParam& p : sc::worldParams()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_GT(std::string(p.allowed).size(), 3u) << p.name;
    const sc::WorldParamDocs& d = sc::worldParamDocs(p);
    EXPECT_GT(std::string(d.description).size(), 10u) << p.name;
    EXPECT_EQ(sc::findWorldParam(p.name), &p);
    EXPECT_EQ(sc::findWorldParam(p.option), &p);
    const bool choices = p.kind == sc::ParamKind::Choice || p.kind == sc::ParamKind::Switch || p.kind == sc::ParamKind::Season;
    EXPECT_EQ(*p.choices != 0, choices) << p.name;
  }
  EXPECT_EQ(sc::worldParams().size(), 17u);  // with at, path and life (the ruin's clock, tablet and life)
  // A text: any bytes up to its length, the empty text too.
  const sc::WorldParam& path = *sc::findWorldParam("path");
  EXPECT_TRUE(sc::parseWorldParam(path, "").ok);
  EXPECT_EQ(sc::parseWorldParam(path, "/a%20b/").text, "/a%20b/");
  EXPECT_FALSE(sc::parseWorldParam(path, std::string(2049, 'x')).ok);
  EXPECT_EQ(sc::findWorldParam("nope"), nullptr);
  EXPECT_STREQ(sc::worldParamDocs(*sc::findWorldParam("zoom")).cliDefault, "1");
  const std::string md = sc::worldParamsMarkdown();
  for (const sc::WorldParam& p : sc::worldParams()) EXPECT_NE(md.find(sc::worldParamDocs(p).description), std::string::npos) << p.name;
}

TEST(WorldParams, ChoicesAreTheCommaSeparatedWords) {
  EXPECT_EQ(sc::choiceAt("idle,hot,enter", 0), "idle");
  EXPECT_EQ(sc::choiceAt("idle,hot,enter", 1), "hot");
  EXPECT_EQ(sc::choiceAt("idle,hot,enter", 2), "enter");
  EXPECT_EQ(sc::choiceAt("idle,hot,enter", 3), "");
  EXPECT_EQ(sc::choiceAt("none", 0), "none");
  EXPECT_EQ(sc::choiceAt("", 0), "");
}

TEST(WorldParams, ParsesByTheTablesRules) {
  const sc::WorldParam& theme = *sc::findWorldParam("theme");
  sc::ParamValue v = sc::parseWorldParam(theme, "dark");
  EXPECT_TRUE(v.ok);
  EXPECT_EQ(v.number, 1);
  EXPECT_EQ(v.text, "dark");
  EXPECT_FALSE(sc::parseWorldParam(theme, "Dark").ok);
  EXPECT_FALSE(sc::parseWorldParam(theme, "").ok);
  EXPECT_FALSE(sc::parseWorldParam(theme, "light,dark").ok);
  v = sc::parseWorldParam(*sc::findWorldParam("motion"), "off");
  EXPECT_TRUE(v.ok);
  EXPECT_EQ(v.number, 0);
  v = sc::parseWorldParam(*sc::findWorldParam("season"), " none ");
  EXPECT_TRUE(v.ok);
  EXPECT_TRUE(std::isnan(v.number));
  EXPECT_EQ(v.text, "none");
  EXPECT_FALSE(sc::parseWorldParam(*sc::findWorldParam("season"), "366").ok);
  v = sc::parseWorldParam(*sc::findWorldParam("seed"), "hello");
  EXPECT_TRUE(v.ok && v.word);
  EXPECT_EQ(v.text, "hello");
  EXPECT_EQ(v.number, sc::seedFromText("hello"));
  EXPECT_FALSE(sc::parseWorldParam(*sc::findWorldParam("seed"), "4294967296").ok);
  EXPECT_FALSE(sc::parseWorldParam(*sc::findWorldParam("day"), "-0").ok);
  EXPECT_EQ(sc::parseWorldParam(*sc::findWorldParam("day"), "+0.25").number, 0.25);
  EXPECT_EQ(sc::parseWorldParam(*sc::findWorldParam("o"), "a.png").text, "a.png");
}
