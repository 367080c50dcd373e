//! The package readers against Python's standard library on inputs Python
//! generates: `inflate` against zlib (every level and strategy, flushes,
//! corrupted streams), `zip` against zipfile (stored and deflated entries,
//! folders, UTF-8 and CP437 names) and `xml` against xml.etree (expat), on
//! well-formed documents and broken ones. Without python3 each is a skip.

mod common;

use common::{have, success_stdout, temp_path};
use json::Value;
use judge_packages::parsers::{inflate, xml, zip};
use std::fs;
use std::path::PathBuf;
use std::process::Command;

/// Runs the Python `program` with a fresh folder as its argument; the
/// folder, or `None` (a skip) without python3.
fn generated(program: &str) -> Option<PathBuf> {
    if !have("python3") {
        return None;
    }
    let dir = temp_path("judge-differential");
    fs::create_dir_all(&dir).unwrap();
    let output = Command::new("python3")
        .arg("-c")
        .arg(program)
        .arg(&dir)
        .output()
        .unwrap();
    success_stdout(&output);
    Some(dir)
}

/// Inputs of every kind deflate meets, compressed by zlib at every level
/// and strategy, some with flushes between parts, some corrupted: `N.deflate`,
/// `N.size`, and `N.raw` when zlib makes exactly that many bytes from it.
const ZLIB: &str = r#"
import os, random, sys, zlib
out = sys.argv[1]
rng = random.Random(29)
words = [b'abc', b'hello', b'0', b'\n', b'xyzzy', b'  ']
def inputs():
    yield b''
    yield b'a'
    yield bytes(range(256)) * 40
    yield b'\0' * 300000
    for n in range(36):
        size = rng.choice([1, 10, 258, 1000, 32768, 70000, 200000])
        kind = n % 4
        if kind == 0:
            data = rng.randbytes(size)
        elif kind == 1:
            data = b' '.join(rng.choice(words) for _ in range(size // 4 + 1))[:size]
        elif kind == 2:
            data = (rng.randbytes(rng.randint(1, 300)) * (size // 10 + 1))[:size]
        else:
            data = b''.join(bytes([rng.randrange(4)]) * rng.randint(1, 600) for _ in range(size // 300 + 1))[:size]
        yield data
settings = [(0, zlib.Z_DEFAULT_STRATEGY), (1, zlib.Z_DEFAULT_STRATEGY), (9, zlib.Z_DEFAULT_STRATEGY),
            (6, zlib.Z_DEFAULT_STRATEGY), (6, zlib.Z_FILTERED), (6, zlib.Z_HUFFMAN_ONLY),
            (6, zlib.Z_RLE), (6, zlib.Z_FIXED)]
def write(i, packed, size):
    with open(os.path.join(out, f'{i}.deflate'), 'wb') as f: f.write(packed)
    with open(os.path.join(out, f'{i}.size'), 'w') as f: f.write(str(size))
    d = zlib.decompressobj(-15)
    try:
        made = d.decompress(packed) + d.flush()
    except zlib.error:
        return
    if d.eof and len(made) == size:
        with open(os.path.join(out, f'{i}.raw'), 'wb') as f: f.write(made)
i = 0
for data in inputs():
    for level, strategy in settings:
        c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
        if rng.random() < 0.3 and len(data) > 4:
            cut = rng.randrange(1, len(data))
            flush = rng.choice([zlib.Z_SYNC_FLUSH, zlib.Z_FULL_FLUSH])
            packed = c.compress(data[:cut]) + c.flush(flush) + c.compress(data[cut:]) + c.flush()
        else:
            packed = c.compress(data) + c.flush()
        write(i, packed, len(data)); i += 1
        if packed and rng.random() < 0.5:
            broken = bytearray(packed)
            for _ in range(rng.randint(1, 3)):
                broken[rng.randrange(len(broken))] ^= 1 << rng.randrange(8)
            write(i, bytes(broken), len(data)); i += 1
            write(i, packed[:rng.randrange(len(packed))], len(data)); i += 1
"#;

#[test]
fn inflate_makes_what_zlib_makes_and_refuses_what_it_cannot_make() {
    let Some(dir) = generated(ZLIB) else {
        return;
    };
    let mut count = 0;
    for n in 0.. {
        let stream = dir.join(format!("{n}.deflate"));
        let Ok(data) = fs::read(&stream) else {
            break;
        };
        let size: usize = fs::read_to_string(dir.join(format!("{n}.size")))
            .unwrap()
            .parse()
            .unwrap();
        let mut made = Vec::new();
        let ours = inflate::inflate(&data, size, &mut made).map(|()| made);
        match fs::read(dir.join(format!("{n}.raw"))) {
            Ok(raw) => assert!(ours.as_ref() == Ok(&raw), "{n}: {:?}", ours.err()),
            Err(_) => assert!(ours.is_err(), "{n}: zlib refuses it, inflate made it"),
        }
        count += 1;
    }
    assert!(count > 300, "{count} streams");
    fs::remove_dir_all(dir).unwrap();
}

/// Zips Python's zipfile writes (stored and deflated, folders, UTF-8
/// names, and names patched to CP437 bytes without the UTF-8 flag), each
/// with `N.json`: zipfile's reading of it, name, size and CRC-32 by entry.
const ZIPFILE: &str = r#"
import json, os, random, sys, zipfile
out = sys.argv[1]
rng = random.Random(29)
names = ['problem.yaml', 'data/sample/1.in', 'data/secret/a b.in', 'café/ü.txt', 'data/日本.ans',
         'x/~Q~Z.in', 'y/~Q~Zz.ans', 'deep/er/and/deeper/file']
for n in range(40):
    path = os.path.join(out, f'{n}.zip')
    with zipfile.ZipFile(path, 'w') as z:
        for name in rng.sample(names, rng.randint(1, len(names))):
            if rng.random() < 0.2:
                z.writestr(name + '.d/', b'')
            size = rng.choice([0, 1, 100, 5000, 100000])
            data = rng.choice([rng.randbytes(size), b'ab' * (size // 2)])
            method = rng.choice([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
            z.writestr(name, data, compress_type=method, compresslevel=rng.choice([1, 6, 9]))
    raw = open(path, 'rb').read()
    # Not UTF-8: the marker's bytes become CP437's é, è, Ω and φ.
    raw = raw.replace(b'~Q~Z', b'\x82\x8a\xea\xed')
    open(path, 'wb').write(raw)
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None
        listing = [{'name': i.filename, 'dir': i.is_dir(), 'size': i.file_size, 'crc': i.CRC}
                   for i in z.infolist()]
    json.dump(listing, open(os.path.join(out, f'{n}.json'), 'w'))
"#;

#[test]
fn zip_reads_the_names_and_bytes_zipfile_reads() {
    let Some(dir) = generated(ZIPFILE) else {
        return;
    };
    let bounds = zip::Bounds {
        entry: 1 << 30,
        total: 1 << 30,
    };
    let mut cp437 = 0;
    for n in 0..40 {
        let archive = zip::open(fs::read(dir.join(format!("{n}.zip"))).unwrap(), bounds).unwrap();
        let listing = fs::read_to_string(dir.join(format!("{n}.json"))).unwrap();
        let Value::Array(listing) = json::parse(&listing).unwrap() else {
            panic!("{n}: {listing}")
        };
        assert_eq!(archive.entries.len(), listing.len(), "{n}");
        for (entry, theirs) in archive.entries.iter().zip(&listing) {
            let name = theirs.get("name").and_then(Value::as_str).unwrap();
            assert_eq!(entry.name, name.trim_end_matches('/'), "{n}");
            cp437 += usize::from(name.contains("éèΩφ"));
            let is_dir = theirs.get("dir").and_then(Value::as_bool).unwrap();
            assert_eq!(entry.kind == zip::Kind::Directory, is_dir, "{n}: {name}");
            if is_dir {
                continue;
            }
            let bytes = archive.read(entry).unwrap();
            let number = |key: &str| theirs.get(key).and_then(Value::as_f64).unwrap() as u64;
            assert_eq!(bytes.len() as u64, number("size"), "{n}: {name}");
            assert_eq!(u64::from(zip::crc32(&bytes)), number("crc"), "{n}: {name}");
        }
    }
    assert!(cp437 > 0, "no CP437 names were made");
    fs::remove_dir_all(dir).unwrap();
}

/// Documents made from pieces (line ends of every kind, attributes with
/// tabs, line ends and references, entities, CDATA, comments, broken
/// tags), and expat's reading of each through xml.etree: the tree as
/// `[tag, [[name, value], ...] sorted, text, [children]]`, or null when it
/// is not well-formed. An element's text is all its own text, as here.
const ETREE: &str = r#"
import json, os, random, sys
import xml.etree.ElementTree as ET
out = sys.argv[1]
rng = random.Random(29)
ends = ['\n', '\r\n', '\r', ' ', '']
values = ['x', 'a\tb', 'line\nnext', 'cr\r\nlf', '&amp;&lt;&gt;&quot;&apos;', '&#10;&#9;&#13;', '&#x41;&#66;',
          '&bogus;', '<', 'a & b', "'", '"', '&#0;', 'tab&#x9;end']
texts = ['text', ' & ', '&amp;', 'x&#13;y', 'a\r\nb\rc', '<![CDATA[ <raw>\r\n ]]>', '<!-- note -->',
         '<!-- a -- b -->', ']]>', '&nbsp;', '<?pi data?>', '']
def element(depth):
    tag = rng.choice(['a', 'b', 'test', 'x-y', 'n.m', '_u', '1bad']) if rng.random() < 0.97 else 'a b'
    attrs = ''
    for name in rng.sample(['p', 'q', 'r', 'p'], rng.randint(0, 3)):
        value = rng.choice(values)
        quote = '"' if "'" in value or rng.random() < 0.5 else "'"
        if quote in value:
            quote = "'" if quote == '"' else '"'
        attrs += f' {name}={quote}{value}{quote}' + rng.choice(ends)
    if depth > 3 or rng.random() < 0.3:
        return f'<{tag}{attrs}/>'
    inner = ''.join(rng.choice([rng.choice(texts), element(depth + 1)]) + rng.choice(ends)
                    for _ in range(rng.randint(0, 4)))
    close = tag if rng.random() < 0.97 else 'other'
    return f'<{tag}{attrs}>{inner}</{close}>'
def tree(e):
    text = (e.text or '') + ''.join(c.tail or '' for c in e)
    return [e.tag, sorted([k, v] for k, v in e.attrib.items()), text, [tree(c) for c in e]]
cases = []
for n in range(600):
    doc = rng.choice(['', '<?xml version="1.0"?>' + rng.choice(ends)]) + element(0)
    if rng.random() < 0.05:
        doc += element(0)
    doc += rng.choice(ends)
    try:
        cases.append([doc, tree(ET.fromstring(doc))])
    except ET.ParseError:
        cases.append([doc, None])
json.dump(cases, open(os.path.join(out, 'cases.json'), 'w'))
"#;

/// The tree as the Python side writes it.
fn tree(element: &xml::Element) -> Value {
    let mut attributes: Vec<Value> = element
        .attributes
        .iter()
        .map(|(name, value)| {
            Value::Array(vec![
                Value::String(name.clone()),
                Value::String(value.clone()),
            ])
        })
        .collect();
    attributes.sort();
    Value::Array(vec![
        Value::String(element.name.clone()),
        Value::Array(attributes),
        Value::String(element.text.clone()),
        Value::Array(element.children.iter().map(tree).collect()),
    ])
}

#[test]
fn xml_reads_the_trees_xml_etree_reads_and_refuses_what_it_refuses() {
    let Some(dir) = generated(ETREE) else {
        return;
    };
    let cases = fs::read_to_string(dir.join("cases.json")).unwrap();
    let Value::Array(cases) = json::parse(&cases).unwrap() else {
        panic!("{cases}")
    };
    let (mut read, mut refused) = (0, 0);
    for case in &cases {
        let Value::Array(pair) = case else {
            panic!("{case:?}")
        };
        let doc = pair[0].as_str().unwrap();
        match (&pair[1], xml::parse(doc)) {
            (Value::Null, Err(_)) => refused += 1,
            (Value::Null, Ok(ours)) => panic!("{doc:?}: expat refuses it, read as {ours:?}"),
            (theirs, Err(e)) => panic!("{doc:?}: expat reads {theirs:?}, refused: {e}"),
            (theirs, Ok(ours)) => {
                assert_eq!(&tree(&ours), theirs, "{doc:?}");
                read += 1;
            }
        }
    }
    assert!(read > 50 && refused > 50, "{read} read, {refused} refused");
    fs::remove_dir_all(dir).unwrap();
}
