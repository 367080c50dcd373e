//! A problem's id and judge from its page's URL (or, failing that, its
//! name), by the rules of the judge whose site it is (its entry in the
//! judges table) or else the generic one.
//! Every id is built from ASCII letters and digits only, so it is a valid id
//! and can never name a path outside `problems/` or `judge-data/`.

use crate::base::judges;

/// Long enough for any judge's numbering, short enough for a folder name.
const MAX_ID_LEN: usize = 48;

#[derive(Debug, PartialEq, Eq)]
pub struct Origin {
    pub id: String,
    pub judge: String,
}

/// The rules, in order (docs/import.md lists them):
/// - `poj.org/problem?id=1000` -> `poj1000`;
/// - `codeforces.com/contest/118/problem/A` and `/problemset/problem/118/A` ->
///   `cf118a`; `/gym/100001/problem/B` -> `cfgym100001b`;
/// - `atcoder.jp/contests/abc300/tasks/abc300_a` -> `atcabc300a`;
/// - `leetcode.com/problems/<slug>/`: `lc` and the number the name starts
///   with (`1. Two Sum` -> `lc1`), else `lc` and the slug (`lctwosum`);
/// - any other site: its name in the host (`open.kattis.com` -> `kattis`)
///   and the query's values, or else the path's last part
///   (`acm.hdu.edu.cn/showproblem.php?pid=1000` -> `hdu1000`);
/// - no usable URL: the letters and digits of the name.
pub fn origin(url: &str, name: &str, taken: &[String]) -> Origin {
    let url = Url::parse(url);
    let judge = url.as_ref().map_or("other".to_string(), |u| u.site());
    let id = url
        .as_ref()
        .and_then(|u| u.id(name))
        .unwrap_or_else(|| from_name(name));
    let mut id = start_with_letter(&id, taken);
    id.truncate(MAX_ID_LEN);
    Origin { id, judge }
}

/// The title a LeetCode page's URL gives, from its slug:
/// `leetcode.com/problems/merge-k-sorted-lists/` is `Merge K Sorted Lists`
/// (each word capitalized: the slug keeps no case). `None` for another site.
pub fn leetcode_title(url: &str) -> Option<String> {
    let url = Url::parse(url)?;
    let judge = judges::of_host(&url.host)?;
    let slug = match url.segments[..] {
        ["problems", slug, ..] if judge.format == judges::Format::LeetCode => slug,
        _ => return None,
    };
    let words: Vec<String> = slug
        .split('-')
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect();
    Some(words.join(" ")).filter(|title| !title.is_empty())
}

/// A page's URL as the rules read it: its host, its path's parts and its
/// query's pairs.
pub struct Url<'a> {
    host: String,
    pub segments: Vec<&'a str>,
    query: Vec<(&'a str, &'a str)>,
}

impl<'a> Url<'a> {
    fn parse(text: &'a str) -> Option<Url<'a>> {
        let (_, rest) = text.trim().split_once("://")?;
        let rest = rest.split('#').next().unwrap_or("");
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        let host = authority.rsplit('@').next().unwrap_or("");
        let host = host.split(':').next().unwrap_or("").to_ascii_lowercase();
        if host.is_empty() {
            return None;
        }
        Some(Url {
            host,
            segments: path.split('/').filter(|s| !s.is_empty()).collect(),
            query: query
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .collect(),
        })
    }

    /// The judge's name: the known ones as the judges table names them, any
    /// other by the site's label in the host.
    fn site(&self) -> String {
        if let Some(judge) = judges::of_host(&self.host) {
            return judge.name.to_string();
        }
        // The label before the public suffix: open.kattis.com, acm.hdu.edu.cn.
        let mut labels: Vec<&str> = self.host.split('.').collect();
        if labels.len() > 1 {
            labels.pop();
        }
        let generic = ["com", "edu", "org", "net", "gov", "ac", "co"];
        if labels.len() > 1 && generic.contains(labels.last().unwrap_or(&"")) {
            labels.pop();
        }
        let site = alphanumeric(labels.last().unwrap_or(&""));
        if site.is_empty() {
            "other".into()
        } else {
            site
        }
    }

    fn id(&self, name: &str) -> Option<String> {
        let site = self.site();
        let (prefix, rest) = match judges::known(&site) {
            Some(judge) => (judge.prefix.to_string(), (judge.id)(self, name)?),
            None => (site, self.generic_id()?),
        };
        Some(alphanumeric(&format!("{prefix}{rest}")))
    }

    /// The first value of `key` in the query.
    pub fn query(&self, key: &str) -> Option<&'a str> {
        self.query.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    /// The generic rule: the query's values, or else the path's last part.
    pub fn generic_id(&self) -> Option<String> {
        let key: String = if self.query.is_empty() {
            self.segments.last().copied().unwrap_or("").to_string()
        } else {
            self.query.iter().map(|(_, value)| *value).collect()
        };
        Some(alphanumeric(&key)).filter(|key| !key.is_empty())
    }
}

/// The ASCII letters (lowercased) and digits of `text`, nothing else.
fn alphanumeric(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The name's letters and digits; a name with none (all CJK, say) gets a
/// stable id from its hash, so re-importing it finds the same problem.
fn from_name(name: &str) -> String {
    let id = alphanumeric(name);
    if !id.is_empty() {
        return id;
    }
    // FNV-1a: stable across runs and Rust versions, unlike `DefaultHasher`.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("p{:08x}", hash >> 32)
}

/// Ids start with a letter and never take a workspace tool's name.
fn start_with_letter(id: &str, taken: &[String]) -> String {
    if id.starts_with(|c: char| c.is_ascii_lowercase()) && !taken.iter().any(|t| t == id) {
        id.to_string()
    } else {
        format!("p{id}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leetcode_slug_is_a_title_and_no_other_site_s_path_is() {
        let title = |url: &str| leetcode_title(url);
        assert_eq!(
            title("https://leetcode.cn/problems/two-sum/").as_deref(),
            Some("Two Sum")
        );
        assert_eq!(title("https://leetcode.com/contest/x/"), None);
        assert_eq!(title("https://codeforces.com/problems/two-sum/"), None);
        assert_eq!(title("not a url"), None);
    }

    fn id(url: &str, name: &str) -> (String, String) {
        let origin = origin(url, name, &["judge".to_string()]);
        (origin.id, origin.judge)
    }

    #[test]
    fn known_judges_have_their_prefixes() {
        let pair = |id: &str, judge: &str| (id.to_string(), judge.to_string());
        assert_eq!(
            id("http://poj.org/problem?id=1000", "A+B Problem"),
            pair("poj1000", "poj")
        );
        for url in [
            "https://codeforces.com/contest/118/problem/A",
            "https://codeforces.com/problemset/problem/118/A",
            "https://m1.codeforces.com/contest/118/problem/A?locale=en",
        ] {
            assert_eq!(id(url, "A. x"), pair("cf118a", "codeforces"), "{url}");
        }
        assert_eq!(
            id("https://codeforces.com/gym/100001/problem/B1", "B"),
            pair("cfgym100001b1", "codeforces")
        );
        assert_eq!(
            id(
                "https://atcoder.jp/contests/abc300/tasks/abc300_a",
                "A - N-choice question"
            ),
            pair("atcabc300a", "atcoder")
        );
        assert_eq!(
            id(
                "https://leetcode.com/problems/flip-game-ii/",
                "294. Flip Game II"
            ),
            pair("lc294", "leetcode")
        );
        assert_eq!(
            id(
                "https://leetcode.com/problems/two-sum/description/",
                "Two Sum"
            ),
            pair("lctwosum", "leetcode")
        );
    }

    #[test]
    fn other_sites_and_names_follow_the_generic_rule() {
        let pair = |id: &str, judge: &str| (id.to_string(), judge.to_string());
        assert_eq!(
            id("https://open.kattis.com/problems/hello", "Hello World!"),
            pair("kattishello", "kattis")
        );
        assert_eq!(
            id("http://acm.hdu.edu.cn/showproblem.php?pid=1000", "A + B"),
            pair("hdu1000", "hdu")
        );
        assert_eq!(
            id("https://www.spoj.com/problems/TEST/", "Life"),
            pair("spojtest", "spoj")
        );
        assert_eq!(id("", "A. Hello, Wörld"), pair("ahellowrld", "other"));
        assert_eq!(id("https://example.com/", "42"), pair("p42", "example"));
        assert_eq!(id("", "judge"), pair("pjudge", "other"));
        let cjk = id("", "两数之和").0;
        assert!(cjk.starts_with('p') && cjk.len() == 9, "{cjk}");
        assert_eq!(id("", "两数之和").0, cjk);
        assert_ne!(id("", "三数之和").0, cjk);
    }

    #[test]
    fn every_judge_whose_ids_make_a_url_gives_the_id_back_from_it() {
        let ids = ["poj1143", "cf118a", "cf1234c1", "atcabc300a", "cses1068"];
        for id in ids {
            let judge = judges::of_id(id).unwrap().name;
            let url = judges::default_url(judge, id).unwrap();
            let origin = Origin {
                id: id.into(),
                judge: judge.into(),
            };
            assert_eq!(super::origin(&url, "", &[]), origin, "{url}");
        }
        // A judge not among them makes no URL from an id.
        for judge in judges::JUDGES {
            if !ids
                .iter()
                .any(|id| judges::of_id(id).unwrap().name == judge.name)
            {
                let id = format!("{}1143", judge.prefix);
                assert_eq!(judges::default_url(judge.name, &id), None, "{}", judge.name);
            }
        }
    }

    #[test]
    fn ids_never_hold_anything_but_letters_and_digits() {
        for (url, name) in [
            ("http://poj.org/problem?id=../../etc", "x"),
            ("https://codeforces.com/contest/1/problem/..%2F..", "x"),
            ("https://atcoder.jp/contests/x/tasks/../../../etc", "x"),
            ("file:///etc/passwd", "../../passwd"),
            ("https://../../", "../.."),
            ("not a url", "/tmp/x"),
        ] {
            let (id, _) = id(url, name);
            assert!(
                id.starts_with(|c: char| c.is_ascii_lowercase())
                    && id
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                    && id.len() <= MAX_ID_LEN,
                "{url} {name}: {id}"
            );
        }
        assert_eq!(
            id(&format!("https://x.org/{}", "9".repeat(99)), "").0.len(),
            MAX_ID_LEN
        );
    }
}
