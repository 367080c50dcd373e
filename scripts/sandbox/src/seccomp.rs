//! The seccomp filter every confined program gets last before exec, written
//! as classic BPF by hand: no new namespaces, mounts or keys from inside, so
//! a program can neither make itself a user namespace in which it owns its
//! own limits, nor mount a cgroup, nor share a key with the next run.
//! No unix socket either (`socket(AF_UNIX, ...)`; `socketpair` is allowed):
//! boxes run at once share one empty network namespace, in which an
//! abstract socket would join them; refusing the socket costs nothing, where
//! a namespace per run costs more than half a millisecond.
//! Everything else — threads, fork, vfork, exec, what compilers and
//! interpreters call — is allowed. As Docker's default profile does, `clone3`
//! answers ENOSYS (its flags sit in memory a filter cannot read), so the C
//! library falls back to `clone`, whose flags the filter reads.

use super::sys::{
    Filter, CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME,
    CLONE_NEWUSER, CLONE_NEWUTS,
};

const LOAD_WORD: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JUMP_EQUAL: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JUMP_AT_LEAST: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JUMP_ANY_BIT: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RETURN: u16 = 0x06; // BPF_RET | BPF_K

const ALLOW: u32 = 0x7fff_0000;
const KILL: u32 = 0x8000_0000; // SECCOMP_RET_KILL_PROCESS
const ERRNO: u32 = 0x0005_0000;
const EPERM: u32 = 1;
const ENOSYS: u32 = 38;

/// `struct seccomp_data`: the call's number, the architecture, then the
/// arguments (the first one's low word, on a little-endian machine).
const NUMBER_AT: u32 = 0;
const ARCH_AT: u32 = 4;
const FIRST_ARGUMENT_AT: u32 = 16;

/// `socket`'s domain of unix sockets.
const AF_UNIX: u32 = 1;

/// The flags of `clone` that make a namespace.
const NAMESPACE_FLAGS: i32 = CLONE_NEWNS
    | CLONE_NEWCGROUP
    | CLONE_NEWUTS
    | CLONE_NEWIPC
    | CLONE_NEWUSER
    | CLONE_NEWPID
    | CLONE_NEWNET
    | CLONE_NEWTIME;

/// This machine's calls: its audit architecture, `clone`, `clone3`,
/// `socket`, the calls refused, and the first number of another ABI sharing
/// the architecture (x32), refused whole.
struct Calls {
    arch: u32,
    clone: u32,
    clone3: u32,
    socket: u32,
    refused: &'static [(u32, &'static str)],
    other_abi: Option<u32>,
}

/// The calls refused whose numbers every architecture shares (Linux 5.1
/// on numbered them alike).
const SHARED: [(u32, &str); 8] = [
    (425, "io_uring_setup"),
    (428, "open_tree"),
    (429, "move_mount"),
    (430, "fsopen"),
    (431, "fsconfig"),
    (432, "fsmount"),
    (433, "fspick"),
    (442, "mount_setattr"),
];

#[cfg(target_arch = "x86_64")]
const CALLS: Option<Calls> = Some(Calls {
    arch: 0xc000_003e,
    clone: 56,
    clone3: 435,
    socket: 41,
    refused: &[
        (101, "ptrace"),
        (155, "pivot_root"),
        (161, "chroot"),
        (165, "mount"),
        (166, "umount2"),
        (248, "add_key"),
        (249, "request_key"),
        (250, "keyctl"),
        (272, "unshare"),
        (298, "perf_event_open"),
        (308, "setns"),
        (321, "bpf"),
    ],
    other_abi: Some(0x4000_0000),
});

#[cfg(target_arch = "aarch64")]
const CALLS: Option<Calls> = Some(Calls {
    arch: 0xc000_00b7,
    clone: 220,
    clone3: 435,
    socket: 198,
    refused: &[
        (39, "umount2"),
        (40, "mount"),
        (41, "pivot_root"),
        (51, "chroot"),
        (97, "unshare"),
        (117, "ptrace"),
        (217, "add_key"),
        (218, "request_key"),
        (219, "keyctl"),
        (241, "perf_event_open"),
        (268, "setns"),
        (280, "bpf"),
    ],
    other_abi: None,
});

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const CALLS: Option<Calls> = None;

/// The names of the calls refused, for `judge sandbox`.
pub fn refused() -> Vec<&'static str> {
    let mut names: Vec<&str> = CALLS
        .iter()
        .flat_map(|calls| calls.refused.iter().chain(&SHARED).map(|(_, name)| *name))
        .collect();
    names.push("clone with namespace flags");
    names.push("unix sockets");
    names
}

/// Where a call the filter looks at goes: refused, or to a test of its
/// first argument (`clone`'s flags, `socket`'s domain), or ENOSYS.
#[derive(Clone, Copy)]
enum To {
    Refuse,
    Clone,
    Socket,
    NoSys,
}

/// A filter being written, and its jumps to the end's tests and returns,
/// patched in once their places are known.
#[derive(Default)]
struct Program {
    ops: Vec<Filter>,
    jumps: Vec<(usize, To)>,
}

impl Program {
    fn push(&mut self, code: u16, k: u32) {
        self.ops.push(Filter {
            code,
            jt: 0,
            jf: 0,
            k,
        });
    }

    fn jump(&mut self, code: u16, k: u32, to: To) {
        self.jumps.push((self.ops.len(), to));
        self.push(code, k);
    }

    /// A search of the call's number among `calls` (sorted), each sent
    /// where it goes; every other call is allowed. A binary tree: the
    /// kernel runs the filter once per call number when it is installed,
    /// to find the calls it always allows, so its length costs each run.
    fn search(&mut self, calls: &[(u32, To)]) {
        if calls.len() <= 3 {
            for &(number, to) in calls {
                self.jump(JUMP_EQUAL, number, to);
            }
            self.push(RETURN, ALLOW);
            return;
        }
        let (low, high) = calls.split_at(calls.len() / 2);
        let at = self.ops.len();
        self.push(JUMP_AT_LEAST, high[0].0);
        self.search(low);
        self.ops[at].jt = (self.ops.len() - at - 1) as u8;
        self.search(high);
    }
}

/// The filter for this machine's architecture; `None` where there is none.
pub fn filter() -> Option<Vec<Filter>> {
    let calls = CALLS.as_ref()?;
    let mut program = Program::default();
    program.push(LOAD_WORD, ARCH_AT);
    // A call of another architecture falls through to the kill.
    program.push(JUMP_EQUAL, calls.arch);
    program.ops[1].jt = 1;
    program.push(RETURN, KILL);
    program.push(LOAD_WORD, NUMBER_AT);
    if let Some(first) = calls.other_abi {
        program.jump(JUMP_AT_LEAST, first, To::Refuse);
    }
    let refused = calls.refused.iter().chain(&SHARED);
    let mut looked_at: Vec<(u32, To)> = refused.map(|&(number, _)| (number, To::Refuse)).collect();
    looked_at.extend([
        (calls.clone, To::Clone),
        (calls.clone3, To::NoSys),
        (calls.socket, To::Socket),
    ]);
    looked_at.sort_by_key(|&(number, _)| number);
    program.search(&looked_at);
    // Each test of the first argument jumps to the refusal when it holds.
    let clone = program.ops.len();
    program.push(LOAD_WORD, FIRST_ARGUMENT_AT);
    program.jump(JUMP_ANY_BIT, NAMESPACE_FLAGS as u32, To::Refuse);
    program.push(RETURN, ALLOW);
    let socket = program.ops.len();
    program.push(LOAD_WORD, FIRST_ARGUMENT_AT);
    program.jump(JUMP_EQUAL, AF_UNIX, To::Refuse);
    program.push(RETURN, ALLOW);
    let refuse = program.ops.len();
    program.push(RETURN, ERRNO | EPERM);
    let no_sys = program.ops.len();
    program.push(RETURN, ERRNO | ENOSYS);
    let Program { mut ops, jumps } = program;
    for (at, to) in jumps {
        let target = match to {
            To::Refuse => refuse,
            To::Clone => clone,
            To::Socket => socket,
            To::NoSys => no_sys,
        };
        // Every jump is forward and short: the program is some sixty long.
        ops[at].jt = (target - at - 1) as u8;
    }
    Some(ops)
}

// Where a filter is written: elsewhere there is none to test.
#[cfg(all(test, any(target_arch = "x86_64", target_arch = "aarch64")))]
mod tests {
    use super::*;

    const WRITTEN: &str = "a filter is written for this architecture";

    /// Runs the filter on one call as the kernel would: the returned action.
    fn verdict(program: &[Filter], arch: u32, number: u32, first_argument: u32) -> u32 {
        let (mut at, mut accumulator) = (0, 0u32);
        loop {
            let Filter { code, jt, jf, k } = program[at];
            at += 1;
            match code {
                LOAD_WORD => {
                    accumulator = match k {
                        NUMBER_AT => number,
                        ARCH_AT => arch,
                        FIRST_ARGUMENT_AT => first_argument,
                        _ => panic!("load of {k}"),
                    }
                }
                RETURN => return k,
                _ => {
                    let taken = match code {
                        JUMP_EQUAL => accumulator == k,
                        JUMP_AT_LEAST => accumulator >= k,
                        JUMP_ANY_BIT => accumulator & k != 0,
                        _ => panic!("code {code:#x}"),
                    };
                    at += usize::from(if taken { jt } else { jf });
                }
            }
        }
    }

    #[test]
    fn namespaces_mounts_keys_and_unix_sockets_are_refused_and_the_rest_allowed() {
        let (program, calls) = (filter().expect(WRITTEN), CALLS.expect(WRITTEN));
        let refused = |name: &str| {
            let mut all = calls.refused.iter().chain(&SHARED);
            let number = all.find(|(_, n)| *n == name).unwrap().0;
            verdict(&program, calls.arch, number, 0)
        };
        for name in ["unshare", "setns", "mount", "keyctl", "add_key", "bpf"] {
            assert_eq!(refused(name), ERRNO | EPERM, "{name}");
        }
        let clone = |flags: i32| verdict(&program, calls.arch, calls.clone, flags as u32);
        // A thread's flags, and a fork's (SIGCHLD alone).
        assert_eq!(clone(0x003d_0f00), ALLOW);
        assert_eq!(clone(17), ALLOW);
        assert_eq!(clone(CLONE_NEWUSER | 17), ERRNO | EPERM);
        assert_eq!(clone(CLONE_NEWPID), ERRNO | EPERM);
        assert_eq!(
            verdict(&program, calls.arch, calls.clone3, 0),
            ERRNO | ENOSYS
        );
        // Unix sockets refused; internet ones (in a namespace with no
        // interface up) and socketpair allowed.
        let socket = |domain: u32| verdict(&program, calls.arch, calls.socket, domain);
        assert_eq!(socket(AF_UNIX), ERRNO | EPERM);
        assert_eq!(socket(2), ALLOW);
        assert_eq!(socket(10), ALLOW);
        // read, write, execve and a number past every refused one.
        for number in [0, 1, 59, 221, 500] {
            assert_eq!(verdict(&program, calls.arch, number, 0), ALLOW, "{number}");
        }
        assert_eq!(verdict(&program, 0x4000_0003, 0, 0), KILL);
        if let Some(first) = calls.other_abi {
            assert_eq!(verdict(&program, calls.arch, first + 1, 0), ERRNO | EPERM);
        }
    }

    #[test]
    fn every_call_number_goes_where_the_lists_say() {
        let (program, calls) = (filter().expect(WRITTEN), CALLS.expect(WRITTEN));
        let refused: Vec<u32> = calls.refused.iter().chain(&SHARED).map(|c| c.0).collect();
        for number in 0..1024 {
            // clone's and socket's first argument 0 passes their tests.
            let expected = match number {
                _ if refused.contains(&number) => ERRNO | EPERM,
                _ if number == calls.clone3 => ERRNO | ENOSYS,
                _ => ALLOW,
            };
            assert_eq!(
                verdict(&program, calls.arch, number, 0),
                expected,
                "{number}"
            );
        }
    }
}
