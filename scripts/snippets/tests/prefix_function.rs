use snippets::prefix_function::prefix_function;
use std::cell::Cell;
use testkit::Rng;

/// The longest proper border of every prefix, trying every length.
fn naive_borders(s: &[u8]) -> Vec<usize> {
    (0..s.len())
        .map(|i| {
            let prefix = &s[..=i];
            (0..=i)
                .rev()
                .find(|&k| prefix[..k] == prefix[i + 1 - k..])
                .unwrap()
        })
        .collect()
}

/// Over a one-, two- or three-letter alphabet: small alphabets repeat.
fn random_string(rng: &mut Rng, len: usize) -> Vec<u8> {
    let alphabet = rng.range(1, 3);
    (0..len).map(|_| b'a' + rng.below(alphabet) as u8).collect()
}

#[test]
fn agrees_with_trying_every_length_on_random_strings() {
    let mut rng = Rng::new(1);
    for _ in 0..5000 {
        let len = rng.range(0, 60) as usize;
        let s = random_string(&mut rng, len);
        assert_eq!(
            prefix_function(&s),
            naive_borders(&s),
            "{:?}",
            String::from_utf8_lossy(&s)
        );
    }
}

#[test]
fn edge_cases() {
    assert_eq!(prefix_function::<u8>(&[]), Vec::<usize>::new());
    assert_eq!(prefix_function(b"x"), [0]);
    assert_eq!(prefix_function(b"aaaa"), [0, 1, 2, 3]);
    assert_eq!(prefix_function(b"abacaba"), [0, 0, 1, 0, 1, 2, 3]);
    assert_eq!(prefix_function(&['a', 'b', 'a', 'b']), [0, 0, 1, 2]);
}

thread_local! {
    static COMPARISONS: Cell<usize> = const { Cell::new(0) };
}

/// A byte that counts how often it is compared.
struct Counted(u8);

impl PartialEq for Counted {
    fn eq(&self, other: &Counted) -> bool {
        COMPARISONS.with(|count| count.set(count.get() + 1));
        self.0 == other.0
    }
}

impl Eq for Counted {}

#[test]
fn makes_fewer_than_2n_comparisons() {
    let mut rng = Rng::new(2);
    let mut strings: Vec<Vec<u8>> = vec![vec![b'a'; 5000], [vec![b'a'; 4999], vec![b'b']].concat()];
    let mut fibonacci = (b"a".to_vec(), b"ab".to_vec());
    while fibonacci.1.len() < 5000 {
        fibonacci = (fibonacci.1.clone(), [fibonacci.1, fibonacci.0].concat());
    }
    strings.push(fibonacci.1);
    strings.extend((0..200).map(|_| random_string(&mut rng, 1000)));
    for s in strings {
        let counted: Vec<Counted> = s.iter().map(|&b| Counted(b)).collect();
        COMPARISONS.with(|count| count.set(0));
        let borders = prefix_function(&counted);
        let comparisons = COMPARISONS.with(|count| count.get());
        assert!(
            comparisons < 2 * s.len(),
            "{comparisons} for length {}",
            s.len()
        );
        assert_eq!(borders.len(), s.len());
    }
}
