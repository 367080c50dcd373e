//! DEFLATE (RFC 1951) decompression, for zip archives: stored, fixed and
//! dynamic Huffman blocks, decoded symbol by symbol from canonical code
//! lengths. Output stops at a given size, so an archive's declared sizes
//! bound what a hostile stream can make, and it is streamed to a writer:
//! only the last 32 KiB (the farthest a distance reaches) and a chunk are
//! held. What zlib refuses is refused (an incomplete code too). Small
//! rather than fast.

use std::io::Write;

/// The length codes' base lengths and extra bits (symbols 257..=285).
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// The distance codes' base distances and extra bits (symbols 0..=29).
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which a dynamic block lists its code-length code's lengths.
const LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];
const MAX_BITS: usize = 15;
/// The farthest back a distance reaches.
const WINDOW: usize = 32 << 10;
/// What is held past the window before it is written out.
const CHUNK: usize = 64 << 10;

/// Decompresses a raw DEFLATE stream that must make exactly `size` bytes
/// into `sink`; the error says why the stream is corrupt, or that `sink`
/// failed. It stops at `size`, never making more.
pub fn inflate(data: &[u8], size: usize, sink: &mut dyn Write) -> Result<(), String> {
    let mut out = Out {
        held: Vec::with_capacity((WINDOW + CHUNK).min(size)),
        made: 0,
        size,
        sink,
    };
    blocks(data, &mut out)?;
    if out.made != size {
        return Err(format!(
            "it makes {} bytes where {size} were declared",
            out.made
        ));
    }
    out.flush(0)
}

/// What has been made: the bytes still held (the window and a chunk) and
/// how many in all, which must stay within `size`.
struct Out<'a> {
    held: Vec<u8>,
    made: usize,
    size: usize,
    sink: &'a mut dyn Write,
}

impl Out<'_> {
    /// Room for `n` more bytes, or the error that the stream makes more
    /// than declared.
    fn room(&self, n: usize) -> Result<(), String> {
        if self.made + n > self.size {
            return Err(format!(
                "it makes more than the {} bytes declared",
                self.size
            ));
        }
        Ok(())
    }

    fn push(&mut self, byte: u8) -> Result<(), String> {
        self.held.push(byte);
        self.made += 1;
        if self.held.len() >= WINDOW + CHUNK {
            self.flush(WINDOW)?;
        }
        Ok(())
    }

    /// Writes out all but the last `keep` bytes held.
    fn flush(&mut self, keep: usize) -> Result<(), String> {
        let cut = self.held.len().saturating_sub(keep);
        self.sink
            .write_all(&self.held[..cut])
            .map_err(|e| format!("cannot write what it makes: {e}"))?;
        self.held.drain(..cut);
        Ok(())
    }
}

/// The blocks of the stream, to the last one.
fn blocks(data: &[u8], out: &mut Out) -> Result<(), String> {
    let mut bits = Bits {
        data,
        at: 0,
        buffer: 0,
        count: 0,
    };
    loop {
        let last = bits.take(1)? == 1;
        match bits.take(2)? {
            0 => stored(&mut bits, out)?,
            1 => {
                let (lengths, distances) = fixed();
                codes(&mut bits, out, &lengths, &distances)?
            }
            2 => {
                let (lengths, distances) = dynamic(&mut bits)?;
                codes(&mut bits, out, &lengths, &distances)?
            }
            _ => return Err("a block of the reserved type 3".into()),
        }
        if last {
            return Ok(());
        }
    }
}

/// The input, read least significant bit first.
struct Bits<'a> {
    data: &'a [u8],
    at: usize,
    buffer: u32,
    count: u32,
}

impl Bits<'_> {
    fn take(&mut self, n: u32) -> Result<u32, String> {
        while self.count < n {
            let byte = *self
                .data
                .get(self.at)
                .ok_or("the compressed data ends early")?;
            self.at += 1;
            self.buffer |= u32::from(byte) << self.count;
            self.count += 8;
        }
        let value = self.buffer & ((1u32 << n) - 1);
        self.buffer >>= n;
        self.count -= n;
        Ok(value)
    }
}

/// A canonical Huffman code: how many codes each length has, and the
/// symbols in code order.
struct Huffman {
    counts: [u16; MAX_BITS + 1],
    symbols: Vec<u16>,
}

impl Huffman {
    fn new(lengths: &[u8]) -> Result<Huffman, String> {
        let mut counts = [0u16; MAX_BITS + 1];
        for &length in lengths {
            counts[usize::from(length)] += 1;
        }
        counts[0] = 0;
        let mut left: i32 = 1;
        for &count in &counts[1..] {
            left = left * 2 - i32::from(count);
            if left < 0 {
                return Err("an over-subscribed Huffman code".into());
            }
        }
        let mut offsets = [0u16; MAX_BITS + 2];
        for length in 1..=MAX_BITS {
            offsets[length + 1] = offsets[length] + counts[length];
        }
        let mut symbols = vec![0u16; lengths.len()];
        for (symbol, &length) in lengths.iter().enumerate() {
            if length != 0 {
                symbols[usize::from(offsets[usize::from(length)])] = symbol as u16;
                offsets[usize::from(length)] += 1;
            }
        }
        Ok(Huffman { counts, symbols })
    }

    /// Whether a dynamic block's code is one zlib takes: complete, empty,
    /// or (but for the code-length code) a single one-bit code. A code with
    /// unused codes is refused even where the data never reaches them.
    fn usable(&self, code_lengths: bool) -> bool {
        let longest = (1..=MAX_BITS)
            .rev()
            .find(|&l| self.counts[l] != 0)
            .unwrap_or(0);
        let left = self.counts[1..]
            .iter()
            .fold(1i32, |left, &count| left * 2 - i32::from(count));
        left == 0 || longest == 0 || (!code_lengths && longest == 1)
    }

    fn decode(&self, bits: &mut Bits) -> Result<u16, String> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for length in 1..=MAX_BITS {
            code |= bits.take(1)? as i32;
            let count = i32::from(self.counts[length]);
            if code - count < first {
                return Ok(self.symbols[(index + (code - first)) as usize]);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err("a code that is in no Huffman table".into())
    }
}

fn stored(bits: &mut Bits, out: &mut Out) -> Result<(), String> {
    bits.buffer = 0;
    bits.count = 0;
    let header = bits
        .data
        .get(bits.at..bits.at + 4)
        .ok_or("a stored block's header is cut off")?;
    let length = usize::from(u16::from_le_bytes([header[0], header[1]]));
    let complement = u16::from_le_bytes([header[2], header[3]]);
    if length as u16 != !complement {
        return Err("a stored block's length does not match its complement".into());
    }
    bits.at += 4;
    let bytes = bits
        .data
        .get(bits.at..bits.at + length)
        .ok_or("a stored block is cut off")?;
    out.room(length)?;
    for &byte in bytes {
        out.push(byte)?;
    }
    bits.at += length;
    Ok(())
}

fn fixed() -> (Huffman, Huffman) {
    let mut lengths = [0u8; 288];
    lengths[..144].fill(8);
    lengths[144..256].fill(9);
    lengths[256..280].fill(7);
    lengths[280..].fill(8);
    let lengths = Huffman::new(&lengths).expect("the fixed code is complete");
    let distances = Huffman::new(&[5u8; 30]).expect("the fixed code is complete");
    (lengths, distances)
}

fn dynamic(bits: &mut Bits) -> Result<(Huffman, Huffman), String> {
    let literals = bits.take(5)? as usize + 257;
    let distances = bits.take(5)? as usize + 1;
    let code_lengths = bits.take(4)? as usize + 4;
    if literals > 286 || distances > 30 {
        return Err("a dynamic block with too many codes".into());
    }
    let mut order = [0u8; 19];
    for &at in LENGTH_ORDER.iter().take(code_lengths) {
        order[at] = bits.take(3)? as u8;
    }
    let code = Huffman::new(&order)?;
    if !code.usable(true) {
        return Err("an incomplete code-length code".into());
    }
    let mut lengths = Vec::with_capacity(literals + distances);
    while lengths.len() < literals + distances {
        let symbol = code.decode(bits)?;
        let (value, repeat) = match symbol {
            0..=15 => (symbol as u8, 1),
            16 => {
                let previous = *lengths
                    .last()
                    .ok_or("a repeat of no previous code length")?;
                (previous, 3 + bits.take(2)? as usize)
            }
            17 => (0, 3 + bits.take(3)? as usize),
            _ => (0, 11 + bits.take(7)? as usize),
        };
        if lengths.len() + repeat > literals + distances {
            return Err("code lengths that run past their count".into());
        }
        lengths.extend(std::iter::repeat(value).take(repeat));
    }
    if lengths[256] == 0 {
        return Err("a dynamic block without an end-of-block code".into());
    }
    let (literals, distances) = (
        Huffman::new(&lengths[..literals])?,
        Huffman::new(&lengths[literals..])?,
    );
    if !literals.usable(false) || !distances.usable(false) {
        return Err("an incomplete literal/length or distance code".into());
    }
    Ok((literals, distances))
}

fn codes(
    bits: &mut Bits,
    out: &mut Out,
    lengths: &Huffman,
    distances: &Huffman,
) -> Result<(), String> {
    loop {
        let symbol = usize::from(lengths.decode(bits)?);
        match symbol {
            0..=255 => {
                out.room(1)?;
                out.push(symbol as u8)?
            }
            256 => return Ok(()),
            257..=285 => {
                let index = symbol - 257;
                let length = usize::from(LENGTH_BASE[index])
                    + bits.take(u32::from(LENGTH_EXTRA[index]))? as usize;
                let code = usize::from(distances.decode(bits)?);
                if code >= 30 {
                    return Err("a distance code past 29".into());
                }
                let distance = usize::from(DISTANCE_BASE[code])
                    + bits.take(u32::from(DISTANCE_EXTRA[code]))? as usize;
                // What is held reaches a window back, as far as any distance.
                if distance > out.held.len() {
                    return Err("a distance back past the start of the data".into());
                }
                out.room(length)?;
                for _ in 0..length {
                    out.push(out.held[out.held.len() - distance])?;
                }
            }
            _ => return Err("a length code past 285".into()),
        }
    }
}

/// Bytes from hex digits, for the tests' compressed data.
#[cfg(test)]
pub fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

/// The whole of what `inflate` makes, for the tests.
#[cfg(test)]
pub fn inflated(data: &[u8], size: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    inflate(data, size, &mut out).map(|()| out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inflates_fixed_dynamic_and_stored_blocks() {
        // zlib's raw deflate of "hello hello hello hello\n" (fixed Huffman).
        let fixed = hex("cb48cdc9c957c84027b900");
        assert_eq!(inflated(&fixed, 24).unwrap(), b"hello hello hello hello\n");
        // A stored block: "abc".
        let stored = hex("010300fcff616263");
        assert_eq!(inflated(&stored, 3).unwrap(), b"abc");
        // zlib's raw deflate of the digits 0..=99, joined by spaces (dynamic).
        let text: Vec<String> = (0..100).map(|n| n.to_string()).collect();
        let text = text.join(" ");
        let dynamic = hex(DYNAMIC);
        assert_eq!(inflated(&dynamic, text.len()).unwrap(), text.as_bytes());
    }

    const DYNAMIC: &str = "0d90070100300cc2ac4442e9af7f639b0020c1104e9014cdb01c3224e42850a2428d062d3adcf09f713cf0c40b6f7cf0c58f3042c4af0c2289229a186289238d14e9e45f4cb2c826875cf228a3443915d4072aaaa9a1963ada68d14e079df4e76d7ae8a58f31468c33c12453ccd7196699638d15eb6cb0c916dbecb75df638e3c439175c72c53537dc3fe31e";

    #[test]
    fn broken_streams_are_refused_not_panicked_on() {
        let fixed = hex("cb48cdc9c957c84027b900");
        assert!(inflated(&fixed[..5], 24)
            .unwrap_err()
            .contains("ends early"));
        assert!(inflated(&fixed, 10)
            .unwrap_err()
            .contains("more than the 10 bytes"));
        assert!(inflated(&fixed, 30)
            .unwrap_err()
            .contains("24 bytes where 30"));
        assert!(inflated(&[0x07], 1).unwrap_err().contains("reserved type"));
        assert!(inflated(&hex("010300fdff616263"), 3)
            .unwrap_err()
            .contains("complement"));
        // A dynamic block coding 'A' and the end in two bits each, leaving
        // two codes unused: zlib refuses it ("invalid literal/lengths set").
        let incomplete = hex("0580810800000080d8f6973a04");
        let err = inflated(&incomplete, 1).unwrap_err();
        assert_eq!(err, "an incomplete literal/length or distance code");
        for n in 0..=255u8 {
            let _ = inflated(&[n, n ^ 0x5a, 0xff, 0x00, n], 100);
        }
    }

    /// Bits written least significant first; a Huffman code most
    /// significant first, as DEFLATE packs them.
    #[derive(Default)]
    struct Writer {
        bytes: Vec<u8>,
        bits: usize,
    }

    impl Writer {
        fn put(&mut self, value: u32, n: usize) {
            for i in 0..n {
                if self.bits % 8 == 0 {
                    self.bytes.push(0);
                }
                let bit = ((value >> i) & 1) as u8;
                *self.bytes.last_mut().unwrap() |= bit << (self.bits % 8);
                self.bits += 1;
            }
        }

        fn code(&mut self, code: u32, n: usize) {
            for i in (0..n).rev() {
                self.put((code >> i) & 1, 1);
            }
        }
    }

    #[test]
    fn a_long_stream_is_written_out_as_it_is_made_and_copies_reach_across() {
        // A stored block of 40000 bytes, then a fixed block copying 258
        // bytes from 32768 back, 500 times: far more than is ever held.
        let text: Vec<u8> = (0..40_000u32).map(|n| (n * 7 % 251) as u8).collect();
        let mut writer = Writer::default();
        writer.put(0, 3); // not last, stored
        writer.bytes.extend(40_000u16.to_le_bytes());
        writer.bytes.extend((!40_000u16).to_le_bytes());
        writer.bytes.extend(&text);
        writer.bits = writer.bytes.len() * 8;
        writer.put(1, 1); // last
        writer.put(1, 2); // fixed
        let mut expected = text.clone();
        for _ in 0..500 {
            writer.code(0xc0 + (285 - 280), 8); // length 258
            writer.code(29, 5); // distance 24577 + 8191 = 32768
            writer.put(8191, 13);
            let start = expected.len() - 32_768;
            for i in 0..258 {
                expected.push(expected[start + i]);
            }
        }
        writer.code(0, 7); // end of block
        assert_eq!(inflated(&writer.bytes, expected.len()).unwrap(), expected);
        let err = inflated(&writer.bytes, 100_000).unwrap_err();
        assert!(err.contains("more than the 100000 bytes"), "{err}");
        // A sink that takes nothing fails the stream once a chunk is made.
        let mut full = [0u8; 0];
        let err = inflate(&writer.bytes, expected.len(), &mut &mut full[..]).unwrap_err();
        assert!(err.starts_with("cannot write what it makes"), "{err}");
    }
}
