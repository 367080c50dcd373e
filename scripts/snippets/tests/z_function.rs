use snippets::z_function::z_function;
use std::cell::Cell;
use testkit::Rng;

fn naive_z(s: &[u8]) -> Vec<usize> {
    (0..s.len())
        .map(|i| (0..s.len() - i).take_while(|&k| s[k] == s[i + k]).count())
        .collect()
}

/// Over a one-, two- or three-letter alphabet: small alphabets repeat.
fn random_string(rng: &mut Rng, len: usize) -> Vec<u8> {
    let alphabet = rng.range(1, 3);
    (0..len).map(|_| b'a' + rng.below(alphabet) as u8).collect()
}

#[test]
fn agrees_with_direct_comparison_on_random_strings() {
    let mut rng = Rng::new(1);
    for _ in 0..5000 {
        let len = rng.range(0, 60) as usize;
        let s = random_string(&mut rng, len);
        assert_eq!(
            z_function(&s),
            naive_z(&s),
            "{:?}",
            String::from_utf8_lossy(&s)
        );
    }
}

#[test]
fn edge_cases() {
    assert_eq!(z_function::<u8>(&[]), Vec::<usize>::new());
    assert_eq!(z_function(b"x"), [1]);
    assert_eq!(z_function(b"aaaa"), [4, 3, 2, 1]);
    assert_eq!(z_function(b"abacaba"), [7, 0, 1, 0, 3, 0, 1]);
    assert_eq!(z_function(&[1_u64, 2, 1, 2]), [4, 0, 2, 0]);
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
    let mut strings: Vec<Vec<u8>> = vec![vec![b'a'; 5000], b"ab".repeat(2500)];
    let mut fibonacci = (b"a".to_vec(), b"ab".to_vec());
    while fibonacci.1.len() < 5000 {
        fibonacci = (fibonacci.1.clone(), [fibonacci.1, fibonacci.0].concat());
    }
    strings.push(fibonacci.1);
    strings.extend((0..200).map(|_| random_string(&mut rng, 1000)));
    for s in strings {
        let counted: Vec<Counted> = s.iter().map(|&b| Counted(b)).collect();
        COMPARISONS.with(|count| count.set(0));
        let z = z_function(&counted);
        let comparisons = COMPARISONS.with(|count| count.get());
        assert!(
            comparisons < 2 * s.len(),
            "{comparisons} for length {}",
            s.len()
        );
        assert_eq!(z, naive_z(&s));
    }
}
