// The one table of the landscape's inputs: the 404 page's URL parameters, mount()'s options (and
// the <noisefield-landscape> element's attributes), and noisefield-cli render's flags. Names,
// kinds, ranges, defaults and the validation text live here only (NF_WORLD_PARAMS below); the
// modules export them to JS (Module.worldParams(), Module.parseWorldParam()), the CLI builds its
// --help and its parsing from them, and `./noisefield docs` writes README.md's table from
// worldParamsMarkdown().
//
// The rows' documentation (the defaults in words, the CLI's defaults and the descriptions) is
// reached through worldParamDocs() in world_params_docs.cpp: the full module, the CLI and the
// native tests link it; the 404 page's module does not (nothing on the page shows it), so its
// download carries no description text.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace nf::scene {

enum class ParamKind {
  Seed,     // an integer 0..4294967295, or a word (FNV-1a 32 of its UTF-8 bytes)
  Number,   // a decimal number in [min, max]
  Integer,  // a decimal integer in [min, max]
  Season,   // an integer day of the year in [min, max], or "none"
  Choice,   // one of choices
  Switch,   // "on" | "off" (JS options: true | false)
  Flag,     // CLI only: present or not, no value
  Path,     // CLI only: a file name
  Text,     // any text of at most max bytes (the empty text too)
};

// Where a parameter is accepted.
enum ParamScope : unsigned { kInUrl = 1, kInOptions = 2, kInCli = 4 };

constexpr uint32_t kMaxWorldSeed = 4294967295u;
constexpr int kMaxSeedWordChars = 64;
// theme=dark caps the daylight at this (the page and the CLI alike).
constexpr double kDarkDayCap = 0.3;
// A viewport's CSS width and height are at most this (the CLI's width and height rows, the
// scene's setViewport, the page's element size).
constexpr int kMaxViewportCss = 16384;

// The table, one X(...) per row: name (URL key; CLI flag --name), option (mount() option and
// element attribute; CLI alias --option, or -o for one letter), kind, min, max (Number, Integer,
// Season), choices (comma-separated: Choice and Switch; Season's word), scope, allowed ("a number
// in [0, 1]": after "expected" and "must be"), effect, then the documentation: pageDefault (what
// the page and mount() do without it), cliDefault (the CLI's value without it: a valid raw value,
// or "" when none), description.
//
// effect: what the value does, expanded in world_state.cpp (and nowhere else), so a row must name
// one that exists or nothing builds:
//   SCENE(setter)          Landscape::setter(value): the picture
//   LIVE(setter, getter)   the same, and the scene's own value read back by Landscape::getter()
//                          (the clock runs; a share link carries the scene's)
//   VIEW(field)            WorldView::field: the viewport and the picture, not the scene's state
//   VIEW_LIVE(field, get)  the same, read back from the scene (it may raise the pitch)
//   PAGE(field)            WorldView::field, the page's own (no effect on a picture at rest; not
//                          in share links)
// The value reaches the setter or field as its type: a number (double, int, uint32_t), a bool (a
// Switch: on; a Flag: given), a std::string_view (the text), or an enum (a Choice: its index).
// Adding a URL parameter that changes the picture is its row here and the setter's code (README,
// "Adding a URL parameter"): the page, the element, mount(), the worker, share links and the CLI
// take it from this table.
#define NF_WORLD_PARAMS(X)                                                                                           \
  X("seed", "seed", Seed, 0, kMaxWorldSeed, "", kInUrl | kInOptions | kInCli,                                       \
    "an integer in [0, 4294967295] or a word of 1..64 characters", SCENE(setWorldSeed), "404", "404",                                    \
    "World seed. A word is hashed to a uint32 with FNV-1a 32 over its UTF-8 bytes (offset basis 2166136261, "       \
    "prime 16777619, case-sensitive); number-like text that is not a plain integer in range (-1, 1.5) is "          \
    "invalid. 404 is the original world.")                                                                           \
  X("day", "day", Number, 0, 1, "", kInUrl | kInOptions | kInCli, "a number in [0, 1]", SCENE(setDay),                             \
    "the visitor's clock: 1 from 08:00 to 16:00, 0 from 20:00 to 04:00, smooth between", "1",                       \
    "Daylight: 1 at midday, 0 at night.")                                                                            \
  X("dusk", "dusk", Number, 0, 1, "", kInUrl | kInOptions | kInCli, "a number in [0, 1]", SCENE(setDusk),                           \
    "the visitor's clock while day is from it (a bump peaking at 18:30 over 17:00..20:00, and 0.6 at 05:45 over "   \
    "04:30..07:00), else 0",                                                                                         \
    "0",                                                                                                             \
    "Twilight: the sky, clouds, sun, far range, water and glints warm toward the dusk colours by 0.75 x dusk "      \
    "(docs/scene.md).")                                                                                              \
  X("season", "season", Season, 0, 365, "none", kInUrl | kInOptions | kInCli,                                       \
    "an integer day of the year in [0, 365] or none", SCENE(setSeason), "the visitor's date", "none",                                 \
    "Snow on the ranges for a day of the year (0 = 1 January): the snowline is 435 + 165 cos(2 pi (season - "      \
    "40) / 365.24) in scene y, deepest in early February, only the highest peaks in August; none paints no "        \
    "snow.")                                                                                                         \
  X("t", "time", Number, 0, 1e7, "", kInUrl | kInOptions | kInCli, "a number of seconds in [0, 10000000]", LIVE(setClock, clock), "live",  \
    "0", "Frozen clock: the scene stops and shows that moment, at rest (no parallax, no pointer eddies).")           \
  X("at", "at", Number, 0, 86400, "", kInUrl | kInOptions | kInCli, "a number of seconds in [0, 86400]", LIVE(setWallClock, timeOfDay),             \
    "the visitor's clock", "",                                                                                       \
    "Local time of day (seconds after midnight) on the ruin's clock hands at t (without it the scene's clock "      \
    "counts from midnight): share links carry it.")                                                                  \
  X("path", "path", Text, 0, 2048, "", kInUrl | kInOptions | kInCli, "a text of at most 2048 bytes", SCENE(setPath),               \
    "the page's own path (location.pathname) on the 404 page; none elsewhere", "",                                  \
    "The missing path carved on the ruin's tablet (percent-decoded, a trailing slash dropped, a long one cut to "   \
    "its end); empty leaves the tablet blank. Share links carry it.")                                               \
  X("life", "life", Switch, 0, 0, "on,off", kInUrl | kInOptions | kInCli, "on or off (options: true or false)", SCENE(setLife),      \
    "on", "on", "The ruin's life: off, no walker, no fireflies and no falling letters, the path carved still (a banner's choice).")                               \
  X("px", "pitch", Integer, 1, 8, "", kInUrl | kInOptions | kInCli, "an integer in [1, 8]", VIEW_LIVE(pitch, pitch),                         \
    "automatic: clamp(round((width + 96) / 380), 3, 6)", "",                                                        \
    "Pixel pitch: CSS px per buffer pixel (the page may move the automatic pitch by one on a fractional "           \
    "devicePixelRatio).")                                                                                            \
  X("theme", "theme", Choice, 0, 0, "light,dark,auto", kInUrl | kInOptions | kInCli, "light, dark or auto", SCENE(setScheme),       \
    "auto: the site's own scheme, live (a class dark or light, data-theme or a one-value color-scheme on the "    \
    "html element), else prefers-color-scheme", "light",                                                             \
    "Colour scheme; dark caps day at 0.3; light and dark force one, auto (the CLI: light) follows the page.")        \
  X("motion", "motion", Switch, 0, 0, "on,off", kInUrl | kInOptions, "on or off (options: true or false)", PAGE(motion),          \
    "on unless prefers-reduced-motion", "", "off: no animation loop and no parallax, one still frame.")              \
  X("width", "width", Integer, 1, kMaxViewportCss, "", kInCli, "an integer in [1, 16384]", VIEW(cssWidth), "", "1280",                        \
    "Viewport width in CSS px: the picture is this wide (times zoom).")                                              \
  X("height", "height", Integer, 1, kMaxViewportCss, "", kInCli, "an integer in [1, 16384]", VIEW(cssHeight), "", "800",                       \
    "Viewport height in CSS px.")                                                                                    \
  X("zoom", "scale", Integer, 1, 16, "", kInCli, "an integer in [1, 16]", VIEW(zoom), "", "1",                                  \
    "Device pixels per CSS px (a devicePixelRatio): the PNG is width x zoom by height x zoom.")                      \
  X("portal", "portal", Choice, 0, 0, "idle,hot,enter", kInCli, "idle, hot or enter", SCENE(setPortalMode), "", "idle",                   \
    "The portal's state: hot as under the pointer, enter as after a click.")                                         \
  X("full", "full", Flag, 0, 0, "", kInCli, "no value", VIEW(full), "", "",                                                      \
    "Write the whole layer buffer, with its 48 CSS px overhang on every side, one pixel per buffer pixel.")          \
  X("out", "o", Path, 0, 0, "", kInCli, "a file name", VIEW(out), "", "", "The PNG to write (required).")

struct WorldParam {
  const char* name;
  const char* option;
  ParamKind kind;
  double min, max;
  const char* choices;  // comma-separated, "" when none
  unsigned scope;
  const char* allowed;
};

struct WorldParamDocs {
  const char* pageDefault;
  const char* cliDefault;
  const char* description;
};

// A constant array (no construction at start-up): for (const WorldParam& p : worldParams()) ...
struct WorldParamList {
  const WorldParam* rows;
  size_t count;
  const WorldParam* begin() const { return rows; }
  const WorldParam* end() const { return rows + count; }
  size_t size() const { return count; }
  const WorldParam& operator[](size_t i) const { return rows[i]; }
};

WorldParamList worldParams();
// By URL name or option name; nullptr if unknown.
const WorldParam* findWorldParam(std::string_view name);
// Row p's documentation (world_params_docs.cpp; not in the 404 page's module).
const WorldParamDocs& worldParamDocs(const WorldParam& p);

// The i-th of a comma-separated choices text ("" past the end).
std::string_view choiceAt(const char* choices, size_t i);

// FNV-1a 32 over the bytes (UTF-8): offset basis 2166136261, prime 16777619.
uint32_t seedFromText(std::string_view utf8);

struct ParamValue {
  bool ok = false;
  double number = 0;      // Seed (the uint32), Number, Integer, Season (NaN for none), Switch (1 on)
  std::string_view text;  // Choice, Switch, Path and Text: the value; Seed: the word when one was given.
                          // A view of the table's choices or of the raw text parsed.
  bool word = false;      // Seed: given as a word
};

// Parses one raw text value (a URL value or a CLI argument) by the table's rule; when !ok, the
// message is "expected " + p.allowed.
ParamValue parseWorldParam(const WorldParam& p, std::string_view raw);

// README.md's table (URL parameter, mount option, CLI flag, default, allowed, meaning).
std::string worldParamsMarkdown();

}  // namespace nf::scene
