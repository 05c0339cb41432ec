// The zlib writer of deflate.h. Block choice per about 64 KiB of input: the fixed-Huffman tokens
// when their bits come to fewer bytes than the stored block would, else the stored block.
#include "deflate.h"

#include <algorithm>
#include <array>
#include <functional>
#include <queue>
#include <utility>

namespace nf {
namespace {

constexpr size_t kWindow = 32768;
constexpr int kMinMatch = 3, kMaxMatch = 258;
constexpr int kMaxProbes = 8;       // hash-chain candidates tried per position
constexpr size_t kBlockInput = 65536;
constexpr int kHashBits = 15;

constexpr uint16_t kLengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                      31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr uint8_t kLengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr uint16_t kDistBase[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr uint8_t kDistExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

const std::array<uint32_t, 256>& crcTable() {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  return table;
}

// The fixed literal/length code of a symbol (0..287): its bits and length.
inline void fixedLitCode(int sym, uint32_t* code, int* len) {
  if (sym < 144) *code = 0x30u + sym, *len = 8;
  else if (sym < 256) *code = 0x190u + (sym - 144), *len = 9;
  else if (sym < 280) *code = static_cast<uint32_t>(sym - 256), *len = 7;
  else *code = 0xC0u + (sym - 280), *len = 8;
}
inline int lengthSymbol(int len) {  // index into kLengthBase
  int i = 28;
  while (kLengthBase[i] > len) --i;
  return i;
}
inline int distSymbol(int dist) {
  int i = 29;
  while (kDistBase[i] > dist) --i;
  return i;
}

// A token: a literal (length 0) or a match (length 3..258, distance 1..32768).
struct Token {
  uint16_t length;
  uint16_t value;  // the literal byte, or distance - 1
};

int tokenBits(const Token& t) {
  if (t.length == 0) return t.value < 144 ? 8 : 9;
  const int ls = lengthSymbol(t.length), ds = distSymbol(t.value + 1);
  return (257 + ls < 280 ? 7 : 8) + kLengthExtra[ls] + 5 + kDistExtra[ds];
}

// Code lengths of at most maxBits for the frequencies (0: unused symbol). Ties are broken by node
// index, so every standard library builds the same code (the bytes are the same natively and in
// wasm); a code deeper than maxBits is rebuilt from halved frequencies until it fits.
std::vector<uint8_t> huffmanLengths(std::vector<uint32_t> freq, int maxBits) {
  const int n = static_cast<int>(freq.size());
  std::vector<uint8_t> len(static_cast<size_t>(n), 0);
  for (;;) {
    struct Node {
      int left, right;  // children, or left = -1 and right = the symbol
    };
    std::vector<Node> nodes;
    std::priority_queue<std::pair<uint64_t, int>, std::vector<std::pair<uint64_t, int>>, std::greater<>> queue;
    for (int i = 0; i < n; ++i)
      if (freq[i]) {
        queue.push({freq[i], static_cast<int>(nodes.size())});
        nodes.push_back({-1, i});
      }
    if (nodes.empty()) return len;
    if (nodes.size() == 1) {
      len[static_cast<size_t>(nodes[0].right)] = 1;
      return len;
    }
    while (queue.size() > 1) {
      const auto a = queue.top();
      queue.pop();
      const auto b = queue.top();
      queue.pop();
      queue.push({a.first + b.first, static_cast<int>(nodes.size())});
      nodes.push_back({a.second, b.second});
    }
    int deepest = 0;
    std::vector<std::pair<int, int>> stack{{static_cast<int>(nodes.size()) - 1, 0}};
    while (!stack.empty()) {
      const auto [node, depth] = stack.back();
      stack.pop_back();
      if (nodes[node].left < 0) {
        len[static_cast<size_t>(nodes[node].right)] = static_cast<uint8_t>(depth);
        deepest = std::max(deepest, depth);
      } else {
        stack.push_back({nodes[node].left, depth + 1});
        stack.push_back({nodes[node].right, depth + 1});
      }
    }
    if (deepest <= maxBits) return len;
    for (uint32_t& f : freq)
      if (f) f = (f + 1) / 2;
  }
}

// Canonical codes of the lengths (RFC 1951 3.2.2).
std::vector<uint16_t> canonicalCodes(const std::vector<uint8_t>& len) {
  int count[16] = {}, next[16] = {};
  for (uint8_t l : len)
    if (l) ++count[l];
  int code = 0;
  for (int bits = 1; bits < 16; ++bits) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  std::vector<uint16_t> codes(len.size(), 0);
  for (size_t i = 0; i < len.size(); ++i)
    if (len[i]) codes[i] = static_cast<uint16_t>(next[len[i]]++);
  return codes;
}

// A dynamic-Huffman block's codes for a list of tokens, its header (the code lengths, run-length
// coded with symbols 16, 17, 18) and its size in bits.
struct DynamicCodes {
  std::vector<uint8_t> litLen, distLen, clLen;
  std::vector<uint16_t> litCode, distCode, clCode;
  int hlit = 0, hdist = 0, hclen = 0;
  std::vector<std::pair<uint8_t, uint8_t>> rle;  // (symbol 0..18, extra bits value)
  size_t bits = 0;
};
constexpr uint8_t kClOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
constexpr uint8_t kClExtra[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};

DynamicCodes dynamicCodes(const std::vector<Token>& tokens) {
  DynamicCodes d;
  std::vector<uint32_t> lit(286, 0), dist(30, 0);
  for (const Token& t : tokens) {
    if (t.length == 0) {
      ++lit[t.value];
    } else {
      ++lit[257 + lengthSymbol(t.length)];
      ++dist[distSymbol(t.value + 1)];
    }
  }
  lit[256] = 1;
  d.litLen = huffmanLengths(lit, 15);
  d.distLen = huffmanLengths(dist, 15);
  bool anyDist = false;
  for (uint8_t l : d.distLen) anyDist = anyDist || l;
  if (!anyDist) d.distLen[0] = 1;  // at least one distance code: one of length 1 is allowed
  d.litCode = canonicalCodes(d.litLen);
  d.distCode = canonicalCodes(d.distLen);
  int nlit = 286, ndist = 30;
  while (nlit > 257 && d.litLen[static_cast<size_t>(nlit - 1)] == 0) --nlit;
  while (ndist > 1 && d.distLen[static_cast<size_t>(ndist - 1)] == 0) --ndist;
  d.hlit = nlit - 257;
  d.hdist = ndist - 1;
  std::vector<uint8_t> all(d.litLen.begin(), d.litLen.begin() + nlit);
  all.insert(all.end(), d.distLen.begin(), d.distLen.begin() + ndist);
  std::vector<uint32_t> clFreq(19, 0);
  for (size_t i = 0; i < all.size();) {
    const uint8_t v = all[i];
    size_t run = 1;
    while (i + run < all.size() && all[i + run] == v) ++run;
    if (v == 0 && run >= 3) {
      const size_t r = std::min<size_t>(run, 138);
      if (r >= 11) d.rle.push_back({18, static_cast<uint8_t>(r - 11)});
      else d.rle.push_back({17, static_cast<uint8_t>(r - 3)});
      i += r;
    } else if (v != 0 && run >= 4) {
      d.rle.push_back({v, 0});
      const size_t r = std::min<size_t>(run - 1, 6);
      d.rle.push_back({16, static_cast<uint8_t>(r - 3)});
      i += 1 + r;
    } else {
      d.rle.push_back({v, 0});
      i += 1;
    }
  }
  for (const auto& e : d.rle) ++clFreq[e.first];
  // inflaters refuse an incomplete code-length code: a lone symbol gets a partner (length 1 each).
  if (std::count_if(clFreq.begin(), clFreq.end(), [](uint32_t f) { return f != 0; }) < 2) ++clFreq[clFreq[0] ? 1 : 0];
  d.clLen = huffmanLengths(clFreq, 7);
  d.clCode = canonicalCodes(d.clLen);
  int ncl = 19;
  while (ncl > 4 && d.clLen[kClOrder[ncl - 1]] == 0) --ncl;
  d.hclen = ncl - 4;
  size_t bits = 5 + 5 + 4 + 3 * static_cast<size_t>(ncl);
  for (const auto& e : d.rle) bits += d.clLen[e.first] + kClExtra[e.first];
  for (const Token& t : tokens) {
    if (t.length == 0) {
      bits += d.litLen[t.value];
    } else {
      const int ls = lengthSymbol(t.length), ds = distSymbol(t.value + 1);
      bits += d.litLen[static_cast<size_t>(257 + ls)] + kLengthExtra[ls] + d.distLen[static_cast<size_t>(ds)] + kDistExtra[ds];
    }
  }
  d.bits = bits + d.litLen[256];
  return d;
}

}  // namespace

uint32_t crc32(const uint8_t* data, size_t n, uint32_t crc) {
  const auto& t = crcTable();
  uint32_t c = crc ^ 0xFFFFFFFFu;
  for (size_t i = 0; i < n; ++i) c = t[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

uint32_t adler32(const uint8_t* data, size_t n, uint32_t adler) {
  uint32_t a = adler & 0xFFFF, b = adler >> 16;
  while (n > 0) {
    const size_t run = n < 5552 ? n : 5552;  // the most additions before b can overflow 32 bits
    for (size_t i = 0; i < run; ++i) {
      a += data[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
    data += run;
    n -= run;
  }
  return (b << 16) | a;
}

ZlibWriter::ZlibWriter(std::vector<uint8_t>* out) : out_(out) {
  out_->push_back(0x78);  // deflate, 32 KiB window
  out_->push_back(0x01);  // fastest-level flag; (0x78 * 256 + 0x01) % 31 == 0
}

void ZlibWriter::putBits(uint32_t bits, int count) {
  bitBuf_ |= static_cast<uint64_t>(bits) << bitCount_;
  bitCount_ += count;
  while (bitCount_ >= 8) {
    out_->push_back(static_cast<uint8_t>(bitBuf_));
    bitBuf_ >>= 8;
    bitCount_ -= 8;
  }
}

void ZlibWriter::putCode(uint32_t code, int length) {
  uint32_t r = 0;
  for (int i = 0; i < length; ++i) r |= ((code >> i) & 1u) << (length - 1 - i);
  putBits(r, length);
}

void ZlibWriter::alignToByte() {
  if (bitCount_ > 0) putBits(0, 8 - bitCount_);
}

void ZlibWriter::storedBlocks(const uint8_t* data, size_t n) {
  while (n > 0) {
    const size_t len = n < 65535 ? n : 65535;
    putBits(0, 1);  // not final
    putBits(0, 2);  // stored
    alignToByte();
    const uint16_t l = static_cast<uint16_t>(len), nl = static_cast<uint16_t>(~l);
    out_->push_back(static_cast<uint8_t>(l));
    out_->push_back(static_cast<uint8_t>(l >> 8));
    out_->push_back(static_cast<uint8_t>(nl));
    out_->push_back(static_cast<uint8_t>(nl >> 8));
    out_->insert(out_->end(), data, data + len);
    data += len;
    n -= len;
  }
}

void ZlibWriter::write(const uint8_t* data, size_t n) {
  if (finished_ || n == 0) return;
  adler_ = adler32(data, n, adler_);
  std::vector<int32_t> head(size_t{1} << kHashBits, -1), prev(n);
  auto hashAt = [&](size_t i) {
    return ((static_cast<uint32_t>(data[i]) << 10) ^ (static_cast<uint32_t>(data[i + 1]) << 5) ^ data[i + 2]) &
           ((1u << kHashBits) - 1);
  };
  auto insert = [&](size_t i) {
    if (i + kMinMatch > n) return;
    const uint32_t h = hashAt(i);
    prev[i] = head[h];
    head[h] = static_cast<int32_t>(i);
  };
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < n) {
    const size_t blockStart = i;
    tokens.clear();
    size_t bits = 0;
    while (i < n && i - blockStart < kBlockInput) {
      int bestLen = 0;
      size_t bestDist = 0;
      if (i + kMinMatch <= n) {
        const size_t maxLen = n - i < static_cast<size_t>(kMaxMatch) ? n - i : kMaxMatch;
        int32_t cand = head[hashAt(i)];
        for (int probe = 0; probe < kMaxProbes && cand >= 0 && i - cand <= kWindow; ++probe) {
          const uint8_t* a = data + cand;
          const uint8_t* b = data + i;
          if (a[bestLen] == b[bestLen]) {
            size_t len = 0;
            while (len < maxLen && a[len] == b[len]) ++len;
            if (static_cast<int>(len) > bestLen) {
              bestLen = static_cast<int>(len);
              bestDist = i - cand;
              if (len == maxLen) break;
            }
          }
          cand = prev[cand];
        }
      }
      Token t;
      if (bestLen >= kMinMatch) {
        t.length = static_cast<uint16_t>(bestLen);
        t.value = static_cast<uint16_t>(bestDist - 1);
        for (int k = 0; k < bestLen; ++k) insert(i + k);
        i += bestLen;
      } else {
        t.length = 0;
        t.value = data[i];
        insert(i);
        ++i;
      }
      bits += tokenBits(t);
      tokens.push_back(t);
    }
    const size_t blockLen = i - blockStart;
    const size_t storedBytes = blockLen + 5 * ((blockLen + 65534) / 65535);
    const DynamicCodes dyn = dynamicCodes(tokens);
    const size_t fixedBytes = (bits + 3 + 7 + 7) / 8, dynamicBytes = (dyn.bits + 3 + 7) / 8;
    if (storedBytes <= fixedBytes && storedBytes <= dynamicBytes) {
      storedBlocks(data + blockStart, blockLen);
      continue;
    }
    if (dynamicBytes < fixedBytes) {
      putBits(0, 1);  // not final
      putBits(2, 2);  // dynamic Huffman
      putBits(static_cast<uint32_t>(dyn.hlit), 5);
      putBits(static_cast<uint32_t>(dyn.hdist), 5);
      putBits(static_cast<uint32_t>(dyn.hclen), 4);
      for (int k = 0; k < dyn.hclen + 4; ++k) putBits(dyn.clLen[kClOrder[k]], 3);
      for (const auto& e : dyn.rle) {
        putCode(dyn.clCode[e.first], dyn.clLen[e.first]);
        if (kClExtra[e.first]) putBits(e.second, kClExtra[e.first]);
      }
      for (const Token& t : tokens) {
        if (t.length == 0) {
          putCode(dyn.litCode[t.value], dyn.litLen[t.value]);
          continue;
        }
        const int ls = lengthSymbol(t.length);
        putCode(dyn.litCode[static_cast<size_t>(257 + ls)], dyn.litLen[static_cast<size_t>(257 + ls)]);
        if (kLengthExtra[ls]) putBits(t.length - kLengthBase[ls], kLengthExtra[ls]);
        const int dist = t.value + 1, ds = distSymbol(dist);
        putCode(dyn.distCode[static_cast<size_t>(ds)], dyn.distLen[static_cast<size_t>(ds)]);
        if (kDistExtra[ds]) putBits(static_cast<uint32_t>(dist - kDistBase[ds]), kDistExtra[ds]);
      }
      putCode(dyn.litCode[256], dyn.litLen[256]);
      continue;
    }
    putBits(0, 1);  // not final
    putBits(1, 2);  // fixed Huffman
    uint32_t code;
    int len;
    for (const Token& t : tokens) {
      if (t.length == 0) {
        fixedLitCode(t.value, &code, &len);
        putCode(code, len);
        continue;
      }
      const int ls = lengthSymbol(t.length);
      fixedLitCode(257 + ls, &code, &len);
      putCode(code, len);
      if (kLengthExtra[ls]) putBits(t.length - kLengthBase[ls], kLengthExtra[ls]);
      const int dist = t.value + 1, ds = distSymbol(dist);
      putCode(static_cast<uint32_t>(ds), 5);
      if (kDistExtra[ds]) putBits(static_cast<uint32_t>(dist - kDistBase[ds]), kDistExtra[ds]);
    }
    fixedLitCode(256, &code, &len);  // end of block
    putCode(code, len);
  }
}

void ZlibWriter::finish() {
  if (finished_) return;
  finished_ = true;
  putBits(1, 1);  // final
  putBits(1, 2);  // fixed Huffman, holding only the end-of-block code
  putCode(0, 7);
  alignToByte();
  for (int s = 24; s >= 0; s -= 8) out_->push_back(static_cast<uint8_t>(adler_ >> s));
}

}  // namespace nf
