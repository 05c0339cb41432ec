// A zlib stream (RFC 1950) of deflate blocks (RFC 1951) written by the library itself, so that the
// heightmap encoder needs no zlib: greedy LZ77 over a 32 KiB window, each block (about 64 KiB of
// input) written with Huffman codes built for it, the fixed codes or stored, whichever is
// smallest. Not zlib's smallest output (no lazy matching); always a valid stream any inflater reads.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nf {

uint32_t crc32(const uint8_t* data, size_t n, uint32_t crc = 0);  // the PNG / zip CRC-32
uint32_t adler32(const uint8_t* data, size_t n, uint32_t adler = 1);

// Appends one zlib stream to `out`, fed in pieces: matches reach back only within a piece, so a
// caller can hand over a large image strip by strip without holding it all.
class ZlibWriter {
 public:
  explicit ZlibWriter(std::vector<uint8_t>* out);
  void write(const uint8_t* data, size_t n);  // one piece (any size, 0 too)
  void finish();                              // the final empty block and the Adler-32

 private:
  void putBits(uint32_t bits, int count);  // LSB first, as deflate packs them
  void putCode(uint32_t code, int length);  // a Huffman code, most significant bit first
  void alignToByte();
  void storedBlocks(const uint8_t* data, size_t n);
  std::vector<uint8_t>* out_;
  uint64_t bitBuf_ = 0;
  int bitCount_ = 0;
  uint32_t adler_ = 1;
  bool finished_ = false;
};

}  // namespace nf
