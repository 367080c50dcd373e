//! Zip archives read from their central directory: entries stored or
//! DEFLATE-compressed (`inflate`), each checked against its CRC-32 and its
//! declared size. Entry names are checked as they are listed: an absolute
//! name or one with a `..` part (a "zip slip") is refused, so no name ever
//! points outside the folder it would be unpacked in. Names are UTF-8 when
//! the entry says so (general purpose bit 11) or gives Info-ZIP's Unicode
//! path field, else CP437, as the format says; two entries naming one path
//! are refused, naming both. What it may expand to
//! is bounded before anything is inflated (`Bounds`: an entry, and all of
//! them), and entries that share bytes of the archive (overlapping entries,
//! how the smallest zip bombs are made) are refused, as unzip refuses them.
//! An entry is streamed to a writer, never held whole. ZIP64, encrypted
//! entries and other methods are refused by name.

use super::inflate::inflate;
use judge_core::base::files::size_name;
use std::io::{self, Write};

const END_SIGNATURE: u32 = 0x0605_4b50;
const CENTRAL_SIGNATURE: u32 = 0x0201_4b50;
const LOCAL_SIGNATURE: u32 = 0x0403_4b50;
/// The end record is 22 bytes, followed by a comment of up to 64 KiB.
const END_SEARCH: usize = 22 + 0xffff;
/// `st_mode`'s file type bits, as Unix zips keep them in the external attributes.
const TYPE_MASK: u32 = 0o170000;
const SYMLINK: u32 = 0o120000;
const DIRECTORY: u32 = 0o040000;
/// General purpose bit 11: the name is UTF-8.
const UTF8_FLAG: u16 = 0x0800;
/// Info-ZIP's Unicode path extra field: a UTF-8 name beside a CP437 one.
const UNICODE_PATH: u16 = 0x7075;
/// The characters of CP437's bytes 0x80 to 0xff (below, ASCII).
const CP437_HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐\
    └┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    File,
    Directory,
    /// Its data is the link's target.
    Symlink,
}

#[derive(Clone, Debug)]
pub struct Entry {
    /// Its path inside the archive, `/`-separated, never absolute, no `..`.
    pub name: String,
    /// Its name as the archive spells it (decoded), to show.
    spelled: String,
    pub kind: Kind,
    /// The Unix permission bits, when the archive was made on Unix.
    pub mode: Option<u32>,
    pub size: usize,
    compressed: usize,
    method: u16,
    crc: u32,
    local_offset: usize,
}

/// What an archive may expand to: each entry under `entry` bytes, and all
/// of them together at most `total`.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    pub entry: usize,
    pub total: usize,
}

#[derive(Debug)]
pub struct Archive {
    bytes: Vec<u8>,
    pub entries: Vec<Entry>,
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// Reads the archive's directory, refusing it when it expands past
/// `bounds` or its entries overlap; the bytes are kept for `read`.
pub fn open(bytes: Vec<u8>, bounds: Bounds) -> Result<Archive, String> {
    let search_from = bytes.len().saturating_sub(END_SEARCH);
    let end = (search_from..bytes.len().saturating_sub(21))
        .rev()
        .find(|&at| u32_at(&bytes, at) == Some(END_SIGNATURE))
        .ok_or("expected a zip archive: no end-of-central-directory record in its last 64 KiB")?;
    let count = usize::from(u16_at(&bytes, end + 10).unwrap_or(0));
    let directory = u32_at(&bytes, end + 16).unwrap_or(0) as usize;
    if count == 0xffff || directory == 0xffff_ffff {
        return Err("ZIP64 archives (over 65535 entries or 4 GiB) are not supported".into());
    }
    let mut entries = Vec::with_capacity(count);
    let mut at = directory;
    for index in 0..count {
        let entry = central_entry(&bytes, at).ok_or_else(|| {
            format!(
                "expected central directory entry {} at byte {at}",
                index + 1
            )
        })??;
        at = entry.1;
        entries.push(entry.0);
    }
    check_names(&entries)?;
    check_bounds(&entries, bounds)?;
    check_overlaps(&bytes, &entries, directory)?;
    Ok(Archive { bytes, entries })
}

/// Refuses two entries that name one path (`a/b` and `a\\b`, or names
/// equal once decoded): one would silently replace the other.
fn check_names(entries: &[Entry]) -> Result<(), String> {
    let mut seen = std::collections::HashMap::new();
    for entry in entries {
        if let Some(first) = seen.insert(&entry.name, entry) {
            if first.kind != Kind::Directory || entry.kind != Kind::Directory {
                return Err(format!(
                    "the entries {:?} and {:?} both name {}: refused (one would replace the other)",
                    first.spelled, entry.spelled, entry.name
                ));
            }
        }
    }
    Ok(())
}

/// An entry's name: UTF-8 when its flag says so, else Info-ZIP's Unicode
/// path field when it is of this name (its CRC-32 matches), else CP437.
fn decoded_name(raw: &[u8], flags: u16, extra: &[u8]) -> Result<String, String> {
    if flags & UTF8_FLAG != 0 {
        return String::from_utf8(raw.to_vec()).map_err(|_| {
            format!(
                "the entry {:?} is not UTF-8, though its flag says it is",
                String::from_utf8_lossy(raw)
            )
        });
    }
    let mut at = 0;
    while let (Some(id), Some(size)) = (u16_at(extra, at), u16_at(extra, at + 2)) {
        let field = extra.get(at + 4..at + 4 + usize::from(size)).unwrap_or(&[]);
        if id == UNICODE_PATH && field.first() == Some(&1) && u32_at(field, 1) == Some(crc32(raw)) {
            if let Ok(name) = std::str::from_utf8(&field[5..]) {
                return Ok(name.to_string());
            }
        }
        at += 4 + usize::from(size);
    }
    let high: Vec<char> = CP437_HIGH.chars().collect();
    Ok(raw
        .iter()
        .map(|&b| match b {
            0..=0x7f => char::from(b),
            _ => high[usize::from(b - 0x80)],
        })
        .collect())
}

/// Refuses an entry that would expand to `bounds.entry` or more, and
/// entries that would make more than `bounds.total` together (their
/// declared sizes, which `read` holds them to).
fn check_bounds(entries: &[Entry], bounds: Bounds) -> Result<(), String> {
    if let Some(entry) = entries.iter().find(|e| e.size >= bounds.entry) {
        return Err(format!(
            "{} expands to {}, past the bound on an entry: under {} (the case size limit): refused",
            entry.name,
            size_name(entry.size as u64),
            size_name(bounds.entry as u64)
        ));
    }
    let total: usize = entries.iter().map(|e| e.size).sum();
    if total > bounds.total {
        return Err(format!(
            "its entries expand to {} in all, past the bound on an archive: {}: refused",
            size_name(total as u64),
            size_name(bounds.total as u64)
        ));
    }
    Ok(())
}

/// Refuses two entries whose bytes (local header and data) overlap, or an
/// entry reaching into the central directory: each byte of an archive
/// belongs to one entry, as unzip and Python's zipfile require.
fn check_overlaps(bytes: &[u8], entries: &[Entry], directory: usize) -> Result<(), String> {
    let mut spans = Vec::with_capacity(entries.len());
    for entry in entries {
        let start = data_start(bytes, entry)?;
        spans.push((entry.local_offset, start + entry.compressed, &entry.name));
    }
    spans.sort();
    for pair in spans.windows(2) {
        let ((_, end, first), (start, _, second)) = (&pair[0], &pair[1]);
        if start < end {
            return Err(format!(
                "the entries {first} and {second} share bytes of the archive \
                 (overlapping entries, as zip bombs make them): refused"
            ));
        }
    }
    match spans.last() {
        Some((_, end, name)) if *end > directory => Err(format!(
            "the entry {name} runs into the central directory (overlapping entries): refused"
        )),
        _ => Ok(()),
    }
}

/// Where an entry's data starts: past its local header.
fn data_start(bytes: &[u8], entry: &Entry) -> Result<usize, String> {
    let at = entry.local_offset;
    (|| {
        if u32_at(bytes, at)? != LOCAL_SIGNATURE {
            return None;
        }
        let name_length = usize::from(u16_at(bytes, at + 26)?);
        let extra_length = usize::from(u16_at(bytes, at + 28)?);
        Some(at + 30 + name_length + extra_length)
    })()
    .ok_or_else(|| format!("{}: expected its local header at byte {at}", entry.name))
}

/// The entry whose central record is at `at`, and where the next one starts.
#[allow(clippy::type_complexity)]
fn central_entry(bytes: &[u8], at: usize) -> Option<Result<(Entry, usize), String>> {
    if u32_at(bytes, at)? != CENTRAL_SIGNATURE {
        return None;
    }
    let made_by = u16_at(bytes, at + 4)? >> 8;
    let flags = u16_at(bytes, at + 8)?;
    let method = u16_at(bytes, at + 10)?;
    let crc = u32_at(bytes, at + 16)?;
    let compressed = u32_at(bytes, at + 20)? as usize;
    let size = u32_at(bytes, at + 24)? as usize;
    let name_length = usize::from(u16_at(bytes, at + 28)?);
    let extra_length = usize::from(u16_at(bytes, at + 30)?);
    let comment_length = usize::from(u16_at(bytes, at + 32)?);
    let external = u32_at(bytes, at + 38)?;
    let local_offset = u32_at(bytes, at + 42)? as usize;
    let raw_name = bytes.get(at + 46..at + 46 + name_length)?;
    let extra = bytes.get(at + 46 + name_length..at + 46 + name_length + extra_length)?;
    let next = at + 46 + name_length + extra_length + comment_length;
    Some((|| {
        let spelled = decoded_name(raw_name, flags, extra)?;
        let name = checked_name(&spelled)?;
        if flags & 1 != 0 {
            return Err(format!("{name}: encrypted entries are not supported"));
        }
        if compressed == 0xffff_ffff || size == 0xffff_ffff || local_offset == 0xffff_ffff {
            return Err(format!(
                "{name}: ZIP64 entries (4 GiB or more) are not supported"
            ));
        }
        // Made on Unix (3): the high half of the external attributes is st_mode.
        let mode = (made_by == 3).then_some(external >> 16);
        let kind = match mode.map(|mode| mode & TYPE_MASK) {
            Some(SYMLINK) => Kind::Symlink,
            Some(DIRECTORY) => Kind::Directory,
            _ if raw_name.ends_with(b"/") => Kind::Directory,
            _ => Kind::File,
        };
        let entry = Entry {
            name,
            spelled,
            kind,
            mode: mode.map(|mode| mode & 0o7777),
            size,
            compressed,
            method,
            crc,
            local_offset,
        };
        Ok((entry, next))
    })())
}

/// The entry's name as a relative path, or why it is refused.
fn checked_name(name: &str) -> Result<String, String> {
    let unified = name.replace('\\', "/");
    let parts: Vec<&str> = unified
        .split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    if unified.starts_with('/') || unified.chars().nth(1) == Some(':') {
        return Err(format!(
            "the entry {name:?} has an absolute path: refused, nothing is unpacked outside the package"
        ));
    }
    if parts.contains(&"..") {
        return Err(format!(
            "the entry {name:?} climbs out with `..` (a zip slip): refused, nothing is unpacked outside the package"
        ));
    }
    if unified.contains('\0') {
        return Err(format!("the entry {name:?} has a NUL byte in its name"));
    }
    Ok(parts.join("/"))
}

impl Archive {
    /// An entry's bytes (a symlink's target), checked against its CRC-32.
    pub fn read(&self, entry: &Entry) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::with_capacity(entry.size);
        self.read_to(entry, &mut bytes)?;
        Ok(bytes)
    }

    /// Streams an entry's bytes into `sink`, checked against its CRC-32
    /// once all are written (a caller drops what it wrote on an error).
    pub fn read_to(&self, entry: &Entry, sink: &mut dyn Write) -> Result<(), String> {
        let start = data_start(&self.bytes, entry)?;
        let data = self
            .bytes
            .get(start..start + entry.compressed)
            .ok_or_else(|| {
                format!(
                    "{}: its data is cut off (the archive is truncated)",
                    entry.name
                )
            })?;
        let mut checked = Checked { sink, crc: !0 };
        match entry.method {
            0 if entry.compressed == entry.size => checked
                .write_all(data)
                .map_err(|e| format!("{}: cannot write it: {e}", entry.name))?,
            0 => return Err(format!("{}: a stored entry whose sizes differ", entry.name)),
            8 => inflate(data, entry.size, &mut checked).map_err(|e| {
                if e.starts_with("cannot write") {
                    format!("{}: {e}", entry.name)
                } else {
                    format!("{}: corrupt DEFLATE data: {e}", entry.name)
                }
            })?,
            method => {
                return Err(format!(
                    "{}: compression method {method} is not supported (only stored and DEFLATE)",
                    entry.name
                ))
            }
        };
        if !checked.crc != entry.crc {
            return Err(format!(
                "{}: its CRC-32 does not match: the archive is corrupt",
                entry.name
            ));
        }
        Ok(())
    }
}

/// A writer that keeps the CRC-32 of what passes through.
struct Checked<'a> {
    sink: &'a mut dyn Write,
    crc: u32,
}

impl Write for Checked<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.sink.write(bytes)?;
        self.crc = crc32_update(self.crc, &bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.sink.flush()
    }
}

/// CRC-32 as zip uses it (the reflected polynomial 0xEDB88320).
pub fn crc32(bytes: &[u8]) -> u32 {
    !crc32_update(!0, bytes)
}

/// The CRC-32 register after `bytes`, from `crc` (start at `!0`, end
/// with `!`).
fn crc32_update(crc: u32, bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[n] = c;
            n += 1;
        }
        table
    };
    bytes.iter().fold(crc, |crc, &b| {
        TABLE[((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8)
    })
}

#[cfg(test)]
mod tests {
    use super::super::inflate::hex;
    use super::*;

    /// Python's zipfile: `hello/problem.yaml` deflated, `hello/data/` a
    /// folder, `hello/link` a symlink to `problem.yaml`.
    const ARCHIVE: &str = concat!(
        "504b0304140000000800000021006348abb327000000660000001200000068656c6c6f2f70726f626c656d2e",
        "79616d6ccb4bcc4db552f048cdc9c9e7cac9cccd2c29b6e25250c84dcdcd2faab452303235e3caa3820a0050",
        "4b0304140000000000000021000000000000000000000000000b00000068656c6c6f2f646174612f504b0304",
        "14000000000000002100b9778cf40c0000000c0000000a00000068656c6c6f2f6c696e6b70726f626c656d2e",
        "79616d6c504b01021403140000000800000021006348abb32700000066000000120000000000000000000000",
        "a4810000000068656c6c6f2f70726f626c656d2e79616d6c504b010214031400000000000000210000000000",
        "00000000000000000b0000000000000000000000ed415700000068656c6c6f2f646174612f504b0102140314",
        "000000000000002100b9778cf40c0000000c0000000a0000000000000000000000ffa18000000068656c6c6f",
        "2f6c696e6b504b05060000000003000300b1000000b40000000000",
    );

    const WIDE: Bounds = Bounds {
        entry: 1 << 20,
        total: 1 << 20,
    };

    #[test]
    fn reads_deflated_and_stored_entries_folders_and_symlinks() {
        let archive = open(hex(ARCHIVE.trim()), WIDE).unwrap();
        let names: Vec<(&str, Kind)> = archive
            .entries
            .iter()
            .map(|e| (e.name.as_str(), e.kind))
            .collect();
        assert_eq!(
            names,
            [
                ("hello/problem.yaml", Kind::File),
                ("hello/data", Kind::Directory),
                ("hello/link", Kind::Symlink)
            ]
        );
        let yaml = archive.read(&archive.entries[0]).unwrap();
        assert!(yaml.starts_with(b"name: Hello"), "{yaml:?}");
        assert_eq!(archive.read(&archive.entries[2]).unwrap(), b"problem.yaml");
        assert_eq!(archive.entries[0].mode, Some(0o644));
    }

    #[test]
    fn corruption_and_truncation_are_named() {
        let mut bytes = hex(ARCHIVE.trim());
        let archive = open(bytes.clone(), WIDE).unwrap();
        let at = archive.entries[0].local_offset + 30 + "hello/problem.yaml".len() + 2;
        bytes[at] ^= 0x55;
        let corrupt = open(bytes, WIDE).unwrap();
        let err = corrupt.read(&corrupt.entries[0]).unwrap_err();
        assert!(err.starts_with("hello/problem.yaml: "), "{err}");
        assert!(open(b"not a zip at all".to_vec(), WIDE)
            .unwrap_err()
            .contains("expected a zip archive"));
        let whole = hex(ARCHIVE.trim());
        assert!(open(whole[..whole.len() - 30].to_vec(), WIDE).is_err());
    }

    #[test]
    fn an_archive_past_its_bounds_is_refused_before_anything_is_inflated() {
        let bytes = hex(ARCHIVE.trim());
        // hello/problem.yaml expands to 102 bytes.
        let err = open(
            bytes.clone(),
            Bounds {
                entry: 102,
                total: 1 << 20,
            },
        )
        .unwrap_err();
        assert_eq!(
            err,
            "hello/problem.yaml expands to 102 bytes, past the bound on an entry: \
             under 102 bytes (the case size limit): refused"
        );
        assert!(open(
            bytes.clone(),
            Bounds {
                entry: 103,
                total: 114
            }
        )
        .is_ok());
        let err = open(
            bytes,
            Bounds {
                entry: 103,
                total: 113,
            },
        )
        .unwrap_err();
        assert!(
            err.starts_with("its entries expand to 114 bytes in all"),
            "{err}"
        );
    }

    #[test]
    fn entries_sharing_bytes_are_refused() {
        let mut bytes = hex(ARCHIVE.trim());
        // The third central record (at 180 + 64 + 57) points its local
        // header at the first entry's.
        let third = 180 + 64 + 57;
        assert_eq!(u32_at(&bytes, third), Some(CENTRAL_SIGNATURE));
        bytes[third + 42..third + 46].copy_from_slice(&0u32.to_le_bytes());
        let err = open(bytes, WIDE).unwrap_err();
        assert_eq!(
            err,
            "the entries hello/link and hello/problem.yaml share bytes of the archive \
             (overlapping entries, as zip bombs make them): refused"
        );
    }

    #[test]
    fn names_that_leave_the_package_are_refused() {
        assert_eq!(checked_name("a/./b//c").unwrap(), "a/b/c");
        for (name, wanted) in [
            ("../evil", "zip slip"),
            ("a/../../evil", "zip slip"),
            ("a\\..\\evil", "zip slip"),
            ("/etc/passwd", "absolute path"),
            ("C:/x", "absolute path"),
        ] {
            let err = checked_name(name).unwrap_err();
            assert!(err.contains(wanted), "{name}: {err}");
        }
    }

    #[test]
    fn names_are_utf_8_when_flagged_or_given_else_cp437() {
        assert_eq!(decoded_name(b"caf\x82 \x8a", 0, &[]).unwrap(), "café è");
        assert_eq!(
            decoded_name("café".as_bytes(), UTF8_FLAG, &[]).unwrap(),
            "café"
        );
        let err = decoded_name(b"caf\x82", UTF8_FLAG, &[]).unwrap_err();
        assert!(
            err.contains("is not UTF-8, though its flag says it is"),
            "{err}"
        );
        // Info-ZIP's field: version 1, the CRC-32 of the name it stands for.
        let raw = "naïve".as_bytes();
        let field = |crc: u32| {
            let mut extra = vec![0x75, 0x70, 5 + raw.len() as u8, 0, 1];
            extra.extend(crc.to_le_bytes());
            extra.extend(raw);
            extra
        };
        assert_eq!(decoded_name(raw, 0, &field(crc32(raw))).unwrap(), "naïve");
        assert_eq!(decoded_name(raw, 0, &field(0)).unwrap(), "na├»ve");
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decoded_name(&all, 0, &[]).unwrap().chars().count(), 256);
    }

    #[test]
    fn two_entries_naming_one_path_are_refused_naming_both() {
        let mut archive = open(hex(ARCHIVE.trim()), WIDE).unwrap();
        let mut twin = archive.entries[0].clone();
        twin.spelled = "hello\\problem.yaml".into();
        archive.entries.push(twin);
        let err = check_names(&archive.entries).unwrap_err();
        assert_eq!(
            err,
            "the entries \"hello/problem.yaml\" and \"hello\\\\problem.yaml\" both name \
             hello/problem.yaml: refused (one would replace the other)"
        );
        let mut folder = archive.entries[1].clone();
        folder.spelled = "hello/data/".into();
        assert!(check_names(&[archive.entries[1].clone(), folder]).is_ok());
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }
}
