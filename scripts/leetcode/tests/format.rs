//! LeetCode's custom-testcase format in both directions, for every type the
//! harness knows, with the statements' own examples.

use leetcode::{cases, design, show, Input, Json, ListNode, TreeNode, Unmet};
use std::cell::RefCell;
use std::rc::Rc;

fn read<T: Json>(text: &str) -> Result<T, String> {
    Input::new(text.as_bytes()).arg()
}

/// Reads `text` as `T` and shows it again.
fn round_trip<T: Json>(text: &str) -> String {
    show(&read::<T>(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

#[test]
fn numbers_bools_and_floats() {
    assert_eq!(read::<i32>(" -2147483648 "), Ok(i32::MIN));
    assert_eq!(round_trip::<i64>("9007199254740993"), "9007199254740993");
    assert_eq!(round_trip::<bool>("true"), "true");
    assert_eq!(round_trip::<bool>("false"), "false");
    assert_eq!(read::<f64>("2.5e1"), Ok(25.0));
    assert_eq!(show(&2.0f64), "2.00000");
    assert_eq!(show(&-0.123456f64), "-0.12346");
    assert_eq!(
        read::<i32>("2147483648"),
        Err("line 1, column 1: expected i32, found '2'".into())
    );
    assert_eq!(
        read::<i32>("1.5"),
        Err("line 1, column 1: expected i32, found '1'".into())
    );
    assert_eq!(
        read::<bool>("yes"),
        Err("line 1, column 1: expected bool (true or false), found 'y'".into())
    );
}

#[test]
fn strings_chars_and_escapes() {
    let escaped = r#""q\"b\\n\n\t\u00e9\u0001\ud83d\ude00/\/""#;
    assert_eq!(
        read::<String>(escaped),
        Ok("q\"b\\n\n\té\u{1}😀//".to_string())
    );
    assert_eq!(round_trip::<String>(escaped), r#""q\"b\\n\n\té\u0001😀//""#);
    assert_eq!(round_trip::<char>(r#""a""#), r#""a""#);
    assert_eq!(
        round_trip::<Vec<String>>(r#"["ab", "", "c d"]"#),
        r#"["ab","","c d"]"#
    );
    assert_eq!(
        read::<char>(r#""ab""#),
        Err("line 1, column 1: expected char (a string of one character), found '\"'".into())
    );
    assert_eq!(
        read::<String>(r#""abc"#),
        Err("line 1, column 5: expected String: '\"' closing the string, found the end of the input".into())
    );
    assert!(read::<String>(r#""\x""#)
        .unwrap_err()
        .starts_with("line 1, column 3: expected an escape"));
    assert!(read::<String>(r#""\ud800""#)
        .unwrap_err()
        .starts_with("line 1, column 2: expected \\u"));
}

#[test]
fn nested_arrays_and_grids() {
    assert_eq!(round_trip::<Vec<i32>>("[1, 2,\t3 ]"), "[1,2,3]");
    assert_eq!(round_trip::<Vec<i32>>("[]"), "[]");
    assert_eq!(
        round_trip::<Vec<Vec<Vec<i32>>>>("[[[1],[]],[[2,3]]]"),
        "[[[1],[]],[[2,3]]]"
    );
    let grid = r#"[["1","1","0"],["0","1","0"]]"#;
    let cells: Vec<Vec<char>> = read(grid).unwrap();
    assert_eq!(cells, vec![vec!['1', '1', '0'], vec!['0', '1', '0']]);
    assert_eq!(show(&cells), grid);
    assert_eq!(
        read::<Vec<Vec<char>>>(r#"[["1",1]]"#),
        Err("line 1, column 7: expected char (a string of one character): '\"' opening a JSON string, found '1'".into())
    );
    assert_eq!(
        read::<Vec<i32>>("[1 2]"),
        Err("line 1, column 4: expected ',' or ']' in Vec<i32>, found '2'".into())
    );
    assert_eq!(
        read::<Vec<i32>>("[1] 2"),
        Err(
            "line 1, column 5: expected the end of the line: one JSON value a line, found '2'"
                .into()
        )
    );
}

#[test]
fn linked_lists() {
    let list: Option<Box<ListNode>> = read("[1,2,3]").unwrap();
    let mut expected = ListNode::new(1);
    let mut second = ListNode::new(2);
    second.next = Some(Box::new(ListNode::new(3)));
    expected.next = Some(Box::new(second));
    assert_eq!(list, Some(Box::new(expected)));
    assert_eq!(show(&list), "[1,2,3]");
    assert_eq!(read::<Option<Box<ListNode>>>("[]"), Ok(None));
    assert_eq!(show(&None::<Box<ListNode>>), "[]");
}

#[test]
fn binary_trees_in_level_order() {
    let tree: Option<Rc<RefCell<TreeNode>>> = read("[3,9,20,null,null,15,7]").unwrap();
    let root = tree.clone().unwrap();
    let root = root.borrow();
    assert_eq!(root.val, 3);
    assert_eq!(root.left.as_ref().unwrap().borrow().val, 9);
    assert!(root.left.as_ref().unwrap().borrow().left.is_none());
    let right = root.right.as_ref().unwrap().borrow();
    assert_eq!(right.val, 20);
    assert_eq!(right.left.as_ref().unwrap().borrow().val, 15);
    assert_eq!(right.right.as_ref().unwrap().borrow().val, 7);
    assert_eq!(show(&tree), "[3,9,20,null,null,15,7]");
    assert_eq!(
        round_trip::<Option<Rc<RefCell<TreeNode>>>>("[1,null,2,null,null]"),
        "[1,null,2]"
    );
    assert_eq!(
        round_trip::<Option<Rc<RefCell<TreeNode>>>>("[1,2,null,3]"),
        "[1,2,null,3]"
    );
    assert_eq!(round_trip::<Option<Rc<RefCell<TreeNode>>>>("[]"), "[]");
    assert_eq!(show(&None::<Rc<RefCell<TreeNode>>>), "[]");
    assert_eq!(
        read::<Option<Rc<RefCell<TreeNode>>>>("[1,null,null,2]"),
        Err("line 1, column 1: expected a binary tree: more values than places for children, found '['".into())
    );
}

fn solve_two_sum(input: &str) -> (String, Result<(), String>) {
    let mut out = Vec::new();
    let result = cases(input.as_bytes(), &mut out, |case| {
        let nums: Vec<i32> = case.arg()?;
        let target: i32 = case.arg()?;
        let pair = (0..nums.len())
            .flat_map(|i| (i + 1..nums.len()).map(move |j| (i, j)))
            .find(|&(i, j)| nums[i] + nums[j] == target)
            .map_or(vec![], |(i, j)| vec![i as i32, j as i32]);
        Ok(pair)
    });
    (String::from_utf8(out).unwrap(), result)
}

#[test]
fn cases_are_lines_back_to_back_and_a_bad_one_keeps_the_earlier_answers() {
    let input = "[2,7,11,15]\n9\n\r\n\n[3, 2, 4]\r\n6\n[3,3]\n6";
    assert_eq!(
        solve_two_sum(input),
        ("[0,1]\n[1,2]\n[0,1]\n".into(), Ok(()))
    );
    let (out, result) = solve_two_sum("[3,3]\n6\n[1,x]\n2\n");
    assert_eq!(out, "[0,1]\n");
    assert_eq!(
        result,
        Err("line 3, column 4: expected i32, found 'x'".into())
    );
    let (out, result) = solve_two_sum("[3,3]\n6\n[1,2]\n");
    assert_eq!(out, "[0,1]\n");
    assert_eq!(
        result,
        Err(
            "line 4, column 1: expected i32 for the next parameter, found the end of the input"
                .into()
        )
    );
}

#[test]
fn in_place_arguments_are_shown_after_the_call() {
    // LeetCode's own signature for Rotate Image.
    #[allow(clippy::ptr_arg)]
    fn rotate(matrix: &mut Vec<Vec<i32>>) {
        let n = matrix.len();
        let copy = matrix.clone();
        for (i, row) in matrix.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                *cell = copy[n - 1 - j][i];
            }
        }
    }
    let mut out = Vec::new();
    cases(b"[[1,2,3],[4,5,6],[7,8,9]]\n", &mut out, |case| {
        let mut matrix: Vec<Vec<i32>> = case.arg()?;
        rotate(&mut matrix);
        Ok(matrix)
    })
    .unwrap();
    assert_eq!(out, b"[[7,4,1],[8,5,2],[9,6,3]]\n");
}

#[derive(Default)]
struct MinStack {
    values: Vec<(i32, i32)>,
}

impl MinStack {
    fn push(&mut self, val: i32) {
        let min = self.values.last().map_or(val, |&(_, min)| min.min(val));
        self.values.push((val, min));
    }

    fn pop(&mut self) {
        self.values.pop();
    }

    fn top(&self) -> i32 {
        self.values.last().unwrap().0
    }

    fn get_min(&self) -> i32 {
        self.values.last().unwrap().1
    }
}

fn solve_min_stack(input: &str) -> (String, Result<(), String>) {
    let mut out = Vec::new();
    let methods = ["push", "pop", "top", "getMin"];
    let result = design(
        input.as_bytes(),
        &mut out,
        "MinStack",
        &methods,
        |_| Ok(MinStack::default()),
        |object, method, args| {
            Ok(match method {
                "push" => show(&object.push(args.arg()?)),
                "pop" => show(&object.pop()),
                "top" => show(&object.top()),
                "getMin" => show(&object.get_min()),
                _ => unreachable!("design() passes only the listed methods"),
            })
        },
    );
    (String::from_utf8(out).unwrap(), result)
}

#[test]
fn design_cases_show_every_result_with_null_for_the_constructor_and_unit() {
    let input = "[\"MinStack\",\"push\",\"push\",\"push\",\"getMin\",\"pop\",\"top\",\"getMin\"]\n\
                 [[],[-2],[0],[-3],[],[],[],[]]\n\n[\"MinStack\", \"push\", \"top\"]\n[[], [5], []]\n";
    assert_eq!(
        solve_min_stack(input),
        (
            "[null,null,null,null,-3,null,0,-2]\n[null,null,5]\n".into(),
            Ok(())
        )
    );
    let (out, result) =
        solve_min_stack("[\"MinStack\",\"push\"]\n[[],[1]]\n[\"MinStack\",\"peek\"]\n[[],[]]\n");
    assert_eq!(out, "[null,null]\n");
    assert_eq!(
        result,
        Err("line 3, column 1: expected a method of MinStack (push, pop, top, getMin), but name 2 is \"peek\", found '['".into())
    );
    let (_, result) = solve_min_stack("[\"MinStack\",\"push\"]\n[[],[1,2]]\n");
    assert_eq!(
        result,
        Err("line 2, column 7: expected ']' closing the arguments of push, found ','".into())
    );
    let (_, result) = solve_min_stack("[\"MinStack\",\"push\"]\n[[],[]]\n");
    assert_eq!(
        result,
        Err("line 2, column 6: expected argument 1 of push (i32), found ']'".into())
    );
    let (_, result) = solve_min_stack("[\"MinStack\",\"push\"]\n[[]]\n");
    assert_eq!(
        result,
        Err("line 2, column 4: expected ',' and the arguments of call 2, found ']'".into())
    );
}

type Tree = Option<Rc<RefCell<TreeNode>>>;

/// Lowest Common Ancestor (LeetCode 236), with its own signature.
fn lowest_common_ancestor(root: Tree, p: Tree, q: Tree) -> Tree {
    let node = root?;
    let is = |other: &Tree| other.as_ref().is_some_and(|other| Rc::ptr_eq(&node, other));
    if is(&p) || is(&q) {
        return Some(node);
    }
    let (left, right) = {
        let node = node.borrow();
        (node.left.clone(), node.right.clone())
    };
    let left = lowest_common_ancestor(left, p.clone(), q.clone());
    let right = lowest_common_ancestor(right, p, q);
    match (left, right) {
        (Some(_), Some(_)) => Some(node),
        (left, right) => left.or(right),
    }
}

fn solve_lowest_common_ancestor(input: &str) -> (String, Result<(), String>) {
    let mut out = Vec::new();
    let result = cases(input.as_bytes(), &mut out, |case| {
        let root: Tree = case.arg()?;
        let p: Tree = case.arg()?;
        let q: Tree = case.arg()?;
        Ok(lowest_common_ancestor(root, p, q))
    });
    (String::from_utf8(out).unwrap(), result)
}

#[test]
fn a_tree_parameter_given_by_value_is_that_node_and_a_tree_answer_its_value() {
    let tree = "[3,5,1,6,2,0,8,null,null,7,4]";
    assert_eq!(
        solve_lowest_common_ancestor(&format!("{tree}\n5\n1\n{tree}\n5\n4\n[1,2]\n1\n2\n")),
        ("3\n5\n1\n".into(), Ok(())),
    );
    // Given as trees, the same parameters are trees of their own (Same Tree's
    // `p` and `q`), and a tree answer is shown whole.
    assert_eq!(
        solve_lowest_common_ancestor("[1,2,3]\n[1,2,3]\n[2]\n"),
        ("[]\n".into(), Ok(()))
    );
    let (out, result) = solve_lowest_common_ancestor(&format!("[1,2]\n1\n2\n{tree}\n5\n9\n"));
    assert_eq!(out, "1\n");
    assert_eq!(
        result,
        Err(
            "line 6, column 1: expected a node of the case's first tree by its value \
             (no node holds 9), found '9'"
                .into()
        )
    );
    let (_, result) = solve_lowest_common_ancestor("[1,2]\nx\n");
    assert_eq!(
        result,
        Err(
            "line 2, column 1: expected a binary tree, or a node of the case's first tree \
             by its value, found 'x'"
                .into()
        )
    );
    // A value before any tree names no node.
    let (_, result) = solve_lowest_common_ancestor("5\n");
    assert_eq!(
        result,
        Err(
            "line 1, column 1: expected a binary tree (level order, i32 or null): \
             '[' opening an array, found '5'"
                .into()
        )
    );
}

#[test]
fn a_constraint_unmet_is_refused_at_the_part_at_fault() {
    let refusal = |input: &str, check: fn(&Vec<Vec<String>>) -> Result<(), Unmet>| {
        let mut out = Vec::new();
        cases(input.as_bytes(), &mut out, |case| case.arg_where(check)).unwrap_err()
    };
    let plus_or_minus = |grid: &Vec<Vec<String>>| {
        for (row, cells) in grid.iter().enumerate() {
            for (col, cell) in cells.iter().enumerate() {
                if let Some(at) = cell.chars().position(|c| c != '+' && c != '-') {
                    return Err(Unmet::new("'+' or '-'").at(row).at(col).at(at));
                }
            }
        }
        Ok(())
    };
    assert_eq!(
        refusal(
            "[[\"+-\"]]\n [[\"+\"], [\"++\", \"-\\u002bx+\"]]\n",
            plus_or_minus
        ),
        "line 2, column 25: expected '+' or '-', found 'x'"
    );
    let square = |grid: &Vec<Vec<String>>| match grid.iter().position(|row| row.len() != grid.len())
    {
        Some(row) => Err(Unmet::new("a square").at(row)),
        None => Err(Unmet::new("no grid at all")),
    };
    assert_eq!(
        refusal("[[\"a\", \"b\"], [\"c\"]]\n", square),
        "line 1, column 14: expected a square, found '['"
    );
    assert_eq!(
        refusal("  [[\"a\"]]\n", square),
        "line 1, column 3: expected no grid at all, found '['"
    );
}

#[test]
fn a_char_unmet_is_refused_at_the_character_not_its_quote() {
    let mut out = Vec::new();
    let x_or_o = |board: &Vec<Vec<char>>| {
        for (row, cells) in board.iter().enumerate() {
            if let Some(col) = cells.iter().position(|&c| c != 'X' && c != 'O') {
                return Err(Unmet::new("'X' or 'O'").at(row).at(col));
            }
        }
        Ok(())
    };
    let refused = cases(b"[[\"X\",\"O\"],[\"X\",\"Y\"]]\n", &mut out, |case| {
        case.arg_where(x_or_o)
    });
    assert_eq!(
        refused.unwrap_err(),
        "line 1, column 18: expected 'X' or 'O', found 'Y'"
    );
}

#[test]
fn a_design_call_is_refused_naming_its_arguments() {
    let mut out = Vec::new();
    let result = design(
        b"[\"Counter\",\"add\",\"add\"]\n[[], [1], [ -2]]\n",
        &mut out,
        "Counter",
        &["add"],
        |_| Ok(0),
        |total, _, args| {
            let step: i32 = args.arg_where(|&step: &i32| match step > 0 {
                true => Ok(()),
                false => Err(Unmet::new("a positive step")),
            })?;
            *total += step;
            Ok(show(total))
        },
    );
    assert_eq!(
        result,
        Err("line 2, column 13: expected a positive step, found '-'".into())
    );
    let result = design(
        b"[\"Counter\",\"add\"]\n[[],[1]]\n",
        &mut out,
        "Counter",
        &["add"],
        |_| Ok(()),
        |_, _, args| Err(args.refuse(Unmet::new("no call at all"))),
    );
    assert_eq!(
        result,
        Err("line 2, column 5: expected no call at all, found '['".into())
    );
}
