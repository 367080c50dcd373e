//! The sandbox against small C programs that attack it (issue 21): a fork
//! tree that leaves its session, a child that kills its parent, a blinded
//! launcher, CPU and memory hidden from process accounting, an answer read
//! and a case destroyed through `/proc/self/fd/0`, a forged row, a fork bomb,
//! a compile bomb, files written in the workspace, a connection to loopback,
//! a source that includes the answer when it is compiled.
//! Every attack runs as root and again as `nobody` (an ordinary user, inside
//! a user namespace); what the machine cannot contain is a skip
//! (`common::skip`: a failure under `CI=true`). Every process started is checked gone.

mod common;

use common::{case_line, case_lines, field, probe, survivors, Sandbox};
use std::collections::BTreeSet;
use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const LIMITS: &str = "time_limit_ms = 1000\nmemory_limit_kib = 65536\n";
const NOBODY: u32 = 65534;

/// Who runs the runner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum User {
    Root,
    Nobody,
}

/// The users this machine lets a test run the runner as; why not, else.
fn users() -> Vec<User> {
    // SAFETY: geteuid cannot fail.
    extern "C" {
        fn geteuid() -> u32;
    }
    if unsafe { geteuid() } != 0 {
        common::skip(
            "the sandbox's attacks as root and as nobody: the tests do not run as root here",
        );
        return Vec::new();
    }
    vec![User::Root, User::Nobody]
}

#[derive(Clone)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    took: Duration,
}

impl Run {
    /// The first line: what the sandbox contains.
    fn allowed(&self) -> &str {
        self.stdout
            .lines()
            .chain(self.stderr.lines())
            .find_map(|line| line.strip_prefix("sandbox: "))
            .unwrap_or("")
    }

    fn has_cgroup(&self) -> bool {
        self.allowed().contains("cgroup v")
    }

    fn has_namespaces(&self) -> bool {
        self.allowed().contains("namespaces")
    }

    /// The CPU time of the case, in milliseconds (the run was `judge test
    /// --format kv`, as those below).
    fn cpu_ms(&self) -> u64 {
        field(case_line(&self.stdout, None), "time_ms")
            .parse()
            .unwrap_or_else(|_| panic!("no CPU time in:\n{}", self.stdout))
    }

    /// The cases of problem `fake`.
    fn rows(&self) -> usize {
        case_lines(&self.stdout).count()
    }

    fn verdict(&self) -> &str {
        field(case_line(&self.stdout, None), "verdict")
    }
}

/// A throw-away workspace whose files `nobody` can read and write too.
fn workspace(user: User, problem_toml: &str) -> Sandbox {
    let sandbox = Sandbox::new(problem_toml);
    if user == User::Nobody {
        give_to_nobody(&sandbox.root);
    }
    sandbox
}

fn give_to_nobody(path: &Path) {
    let status = Command::new("chown")
        .args(["-R", "65534:65534"])
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// How `judge` is started besides its arguments; the default adds nothing.
#[derive(Clone, Copy, Default)]
struct Call<'a> {
    /// More environment variables.
    env: &'a [(&'a str, &'a str)],
    /// A file the runner inherits open (appending, not closed on exec) as
    /// descriptor 7.
    fd7: Option<&'a Path>,
    /// Its working directory is the workspace's root, else the test's.
    in_workspace: bool,
}

/// `judge <args>` in the workspace as `user`; every process it starts is
/// marked, and none may be left.
fn judge(sandbox: &Sandbox, user: User, args: &[&str]) -> Run {
    judge_with(sandbox, user, args, Call::default())
}

/// `judge test fake --bin <source> --format kv` as `user`.
fn test_source(sandbox: &Sandbox, user: User, source: &Path) -> Run {
    let bin = source.to_str().unwrap();
    judge(
        sandbox,
        user,
        &["test", "fake", "--bin", bin, "--format", "kv"],
    )
}

/// As `judge`, started as `call` says.
fn judge_with(sandbox: &Sandbox, user: User, args: &[&str], call: Call) -> Run {
    use std::os::unix::process::CommandExt;
    let probe = probe();
    let mut command = sandbox.command(&probe, args);
    if user == User::Nobody {
        command.uid(NOBODY).gid(NOBODY).env("HOME", "/tmp");
    }
    command.envs(call.env.iter().copied());
    if call.in_workspace {
        command.current_dir(&sandbox.root);
    }
    let inherited = call
        .fd7
        .map(|path| fs::OpenOptions::new().append(true).open(path).unwrap());
    if let Some(file) = &inherited {
        extern "C" {
            fn dup2(from: i32, to: i32) -> i32;
        }
        let from = std::os::fd::AsRawFd::as_raw_fd(file);
        // SAFETY: dup2 is async-signal-safe; the copy it makes has no
        // close-on-exec flag, so the runner inherits it.
        unsafe {
            command.pre_exec(move || match dup2(from, 7) {
                7 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            });
        }
    }
    let start = Instant::now();
    let output = command.output().unwrap();
    drop(inherited);
    let run = Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        took: start.elapsed(),
    };
    assert_eq!(
        survivors(&probe),
        Vec::<String>::new(),
        "{user:?}: left running after:\n{}{}",
        run.stdout,
        run.stderr
    );
    run
}

/// Compiles `source` (C) as `name` in the workspace, with `WORKSPACE`
/// defined as its path; `None` when there is no gcc.
fn c_program(sandbox: &Sandbox, name: &str, source: &str) -> Option<PathBuf> {
    let root = sandbox.root.display().to_string();
    compile_c(&sandbox.root, name, source, &[("WORKSPACE", &root)])
}

/// A run that had no cgroup: as nobody on cgroup v1 that is by design (v1
/// is not delegated to an ordinary user), and the run must say so; anywhere
/// else the check of `what` is skipped.
fn without_cgroup(user: User, run: &Run, what: &str) {
    if user == User::Nobody && Path::new("/sys/fs/cgroup/memory").is_dir() {
        assert!(run.allowed().ends_with("no cgroup"), "{}", run.stdout);
    } else {
        common::skip(&format!("{what} as {user:?}: no cgroup"));
    }
}

/// Compiles `source` (C) as `dir/name`, each of `defines` a string macro;
/// `None` when there is no gcc.
fn compile_c(dir: &Path, name: &str, source: &str, defines: &[(&str, &str)]) -> Option<PathBuf> {
    let file = dir.join(format!("{name}.c"));
    fs::write(&file, source).unwrap();
    let binary = dir.join(name);
    let output = Command::new("gcc")
        .args(["-O1", "-o"])
        .arg(&binary)
        .arg(&file)
        .args(
            defines
                .iter()
                .map(|(name, value)| format!("-D{name}=\"{value}\"")),
        )
        .output();
    match output {
        Ok(output) if output.status.success() => Some(binary),
        Ok(output) => panic!("{name}.c: {}", String::from_utf8_lossy(&output.stderr)),
        Err(_) => {
            common::skip(&format!("no gcc here to build {name}.c"));
            None
        }
    }
}

/// `judge test fake --bin <attack>` as each user, with `check` on each run.
fn attack(name: &str, problem_toml: &str, source: &str, check: impl Fn(User, &Sandbox, &Run)) {
    attack_with(name, problem_toml, source, &Setup::default(), check)
}

/// What an attack needs besides its program; the default adds nothing.
#[derive(Default)]
struct Setup<'a> {
    /// More string macros for its compile, besides `WORKSPACE`.
    defines: &'a [(&'a str, &'a str)],
    /// How `judge` is started.
    call: Call<'a>,
    /// Done to each fresh workspace before it is given to nobody.
    prepare: Option<&'a dyn Fn(&Sandbox)>,
}

/// As `attack`, with `setup`.
fn attack_with(
    name: &str,
    problem_toml: &str,
    source: &str,
    setup: &Setup,
    check: impl Fn(User, &Sandbox, &Run),
) {
    let program = |sandbox: &Sandbox| {
        if let Some(prepare) = setup.prepare {
            prepare(sandbox);
        }
        let root = sandbox.root.display().to_string();
        let defines: Vec<(&str, &str)> = [("WORKSPACE", root.as_str())]
            .into_iter()
            .chain(setup.defines.iter().copied())
            .collect();
        compile_c(&sandbox.root, name, source, &defines).map(|path| path.display().to_string())
    };
    as_each_user(name, problem_toml, setup.call, program, check)
}

/// `judge test fake --bin <program> --format kv` as each user, in a fresh workspace
/// with `problem_toml`, started as `call` says, with `check` on each run;
/// `program` makes the workspace ready and names what is judged, or is
/// `None` (having said why) when this machine cannot build it.
fn as_each_user(
    name: &str,
    problem_toml: &str,
    call: Call,
    program: impl Fn(&Sandbox) -> Option<String>,
    check: impl Fn(User, &Sandbox, &Run),
) {
    for user in users() {
        let sandbox = Sandbox::new(problem_toml);
        let Some(program) = program(&sandbox) else {
            return;
        };
        if user == User::Nobody {
            give_to_nobody(&sandbox.root);
        }
        let args = ["test", "fake", "--bin", &program, "--format", "kv"];
        let run = judge_with(&sandbox, user, &args, call);
        if !run.has_namespaces() {
            common::skip(&format!("{name} as {user:?}: {}", run.allowed()));
            continue;
        }
        check(user, &sandbox, &run);
    }
}

const HEADERS: &str = "#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n\
    #include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <fcntl.h>\n\
    #include <sys/types.h>\n#include <sys/wait.h>\n#include <sys/resource.h>\n\
    #include <sys/mman.h>\n#include <sys/socket.h>\n#include <netinet/in.h>\n\
    #include <arpa/inet.h>\n#include <dirent.h>\n#include <sched.h>\n#include <errno.h>\n\
    #include <sys/mount.h>\n#include <sys/stat.h>\n#include <sys/syscall.h>\n#include <time.h>\n";

fn source(body: &str) -> String {
    format!("{HEADERS}{body}\n")
}

/// Five cases more than the fake problem's one.
fn six_cases(sandbox: &Sandbox) {
    for name in ["b", "c", "d", "e", "f"] {
        sandbox.write(&format!("judge-data/fake/{name}.in"), "1 2\n");
        sandbox.write(&format!("judge-data/fake/{name}.out"), "3\n");
    }
}

/// The exit statuses the runs of `run` ended with.
fn exit_statuses(run: &Run) -> BTreeSet<&str> {
    let after = run.stdout.split("exit status ").skip(1);
    after
        .filter_map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .collect()
}

#[test]
fn runs_at_once_have_boxes_of_their_own() {
    // Each case's program says its uid by its exit status, while the others
    // run beside it.
    let body = "int main(void) { usleep(400000); return getuid() % 100 + 1; }";
    let setup = Setup {
        prepare: Some(&six_cases),
        ..Setup::default()
    };
    attack_with("uids", LIMITS, &source(body), &setup, |user, _, run| {
        let statuses = exit_statuses(run);
        assert_eq!(run.rows(), 6, "{user:?}: {}", run.stdout);
        // As root, no two runs at once share a uid (as nobody they are all
        // the user's own, in namespaces of their own).
        if user == User::Root {
            assert!(
                statuses.len() >= 2,
                "{user:?}: {statuses:?} in {}",
                run.stdout
            );
        }
    });
}

#[test]
fn the_runs_of_a_command_share_one_network_namespace() {
    // Made once, by the probe: one a run would cost it half a millisecond.
    // That it is empty, the loopback and abstract socket tests say. Each
    // case's program says its namespace by its exit status.
    let body = "int main(void) { struct stat net;\n\
        if (stat(\"/proc/self/ns/net\", &net) != 0) return 1;\n\
        return (int) (net.st_ino % 200) + 2; }";
    let setup = Setup {
        prepare: Some(&six_cases),
        ..Setup::default()
    };
    attack_with("network", LIMITS, &source(body), &setup, |user, _, run| {
        assert_eq!(run.rows(), 6, "{user:?}: {}", run.stdout);
        let statuses = exit_statuses(run);
        assert_eq!(
            statuses.len(),
            1,
            "{user:?}: {statuses:?} in {}",
            run.stdout
        );
        assert!(!statuses.contains("1"), "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_fork_tree_that_leaves_its_sessions_dies_with_the_run() {
    let body = "int main(void) {\n\
        for (int i = 0; i < 512; i++) { pid_t p = fork(); if (p == 0) { setsid(); for (;;) ; } }\n\
        for (;;) ; }";
    attack("forktree", LIMITS, &source(body), |user, _, run| {
        assert_eq!(run.verdict(), "TLE", "{user:?}: {}", run.stdout);
        assert!(
            run.took < Duration::from_secs(8),
            "{user:?}: {:?}",
            run.took
        );
    });
}

#[test]
fn a_child_that_kills_its_parent_dies_with_the_run() {
    // The parent aims at the launcher and cannot name it; the child kills
    // the program, which is a runtime error, and is killed with it.
    let body = "int main(void) {\n\
        pid_t child = fork(); setsid(); kill(getppid(), SIGKILL);\n\
        if (child == 0) for (;;) ;\n\
        for (;;) ; }";
    attack("killparent", LIMITS, &source(body), |user, _, run| {
        assert_eq!(run.verdict(), "RE", "{user:?}: {}", run.stdout);
        assert!(run.stdout.contains("SIGKILL"), "{}", run.stdout);
    });
}

#[test]
fn a_program_cannot_blind_its_launcher() {
    let body = "int main(void) {\n\
        struct rlimit three = {3, 3}; prlimit(getppid(), RLIMIT_NOFILE, &three, NULL);\n\
        if (fork() == 0) for (;;) ;\n\
        printf(\"5\\n\"); return 0; }";
    attack("blind", LIMITS, &source(body), |user, _, run| {
        // Its child spins past its end, and is killed with it (`judge`
        // checks nothing is left).
        assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn cpu_time_of_children_whose_sigchld_is_ignored_counts() {
    // The parent only sleeps: every millisecond of CPU time is its children's,
    // which nobody reaps. Whether the CPU limit or (on a loaded machine) the
    // wall cap stops them, the time they burned must be counted.
    let body = "int main(void) { signal(SIGCHLD, SIG_IGN);\n\
        for (int i = 0; i < 4; i++) if (fork() == 0) { volatile unsigned long x = 0; for (;;) x++; }\n\
        sleep(3); printf(\"5\\n\"); return 0; }";
    attack("cpuhide", LIMITS, &source(body), |user, _, run| {
        if !run.has_cgroup() {
            return without_cgroup(user, run, "the CPU of reparented children");
        }
        assert_eq!(run.verdict(), "TLE", "{user:?}: {}", run.stdout);
        assert!(run.cpu_ms() >= 300, "{user:?}: {}", run.stdout);
    });
}

#[test]
fn the_program_is_in_its_run_s_cgroup_and_the_init_is_not() {
    // Else the run counts the box's making (the init's mounts, its exit) as
    // the program's CPU time and memory. The program's cgroup namespace is
    // rooted where it runs: every hierarchy shows it at `/`, the machine's
    // path to it hidden.
    let body = "static void slurp(const char *path, char *to, size_t size) {\n\
        FILE *f = fopen(path, \"r\"); if (f) { fread(to, 1, size - 1, f); fclose(f); } }\n\
        int main(void) { static char self[4096], init[4096];\n\
        slurp(\"/proc/self/cgroup\", self, sizeof self); slurp(\"/proc/1/cgroup\", init, sizeof init);\n\
        fprintf(stderr, \"%s---\\n%s\", self, init);\n\
        int apart = *init && strcmp(self, init), hidden = *self != 0;\n\
        for (char *line = strtok(self, \"\\n\"); line; line = strtok(NULL, \"\\n\")) {\n\
            char *at = strrchr(line, ':'); if (!at || strcmp(at, \":/\")) hidden = 0; }\n\
        printf(!apart ? \"the init is in the program's cgroup\\n\"\n\
            : hidden ? \"5\\n\" : \"the program sees its cgroup's path\\n\");\n\
        return 0; }";
    attack("cgroups", LIMITS, &source(body), |user, _, run| {
        if !run.has_cgroup() {
            return without_cgroup(user, run, "the init out of the run's cgroup");
        }
        assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn memory_in_a_memfd_or_dev_shm_counts_and_the_file_goes() {
    let shm_name = format!("judge-attack-{}", std::process::id());
    for (name, open) in [
        ("memfd", "int fd = memfd_create(\"x\", 0);".to_string()),
        (
            "shm",
            format!("int fd = open(\"/dev/shm/{shm_name}\", O_RDWR | O_CREAT, 0600);"),
        ),
    ] {
        let body = format!(
            "int main(void) {{ {open}\n\
             char block[1 << 16]; memset(block, 1, sizeof block);\n\
             for (int i = 0; i < (1 << 14); i++) if (write(fd, block, sizeof block) < 0) return 3;\n\
             printf(\"5\\n\"); return 0; }}"
        );
        attack(name, LIMITS, &source(&body), |user, _, run| {
            if !run.has_cgroup() {
                return without_cgroup(user, run, &format!("{name} memory"));
            }
            assert_eq!(run.verdict(), "MLE", "{user:?} {name}: {}", run.stdout);
        });
    }
    assert!(!Path::new("/dev/shm").join(&shm_name).exists());
}

#[test]
fn pages_shared_after_a_fork_count_once() {
    let body = "int main(void) { size_t size = 40 << 20; char *p = malloc(size);\n\
        memset(p, 1, size);\n\
        pid_t child = fork(); if (child == 0) { sleep(1); return 0; }\n\
        waitpid(child, NULL, 0); printf(\"5\\n\"); return 0; }";
    attack("cow", LIMITS, &source(body), |user, _, run| {
        if !run.has_cgroup() {
            return without_cgroup(user, run, "shared pages");
        }
        assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn the_answer_cannot_be_read_nor_the_case_destroyed() {
    // The case's own paths, as /proc/self/fd/0 would have named them.
    let body = "int main(void) { char path[4096]; ssize_t n = readlink(\"/proc/self/fd/0\", path, sizeof path - 1);\n\
        if (n > 0) { path[n] = 0; fprintf(stderr, \"stdin is %s\\n\", path); }\n\
        int w = open(\"/proc/self/fd/0\", O_WRONLY | O_TRUNC); if (w >= 0) write(w, \"x\", 1);\n\
        truncate(WORKSPACE \"/judge-data/fake/add.out\", 0);\n\
        truncate(WORKSPACE \"/judge-data/fake/add.in\", 0);\n\
        FILE *answer = fopen(WORKSPACE \"/judge-data/fake/add.out\", \"r\");\n\
        if (!answer) { printf(\"no answer\\n\"); return 0; }\n\
        int c; while ((c = fgetc(answer)) != EOF) putchar(c); return 0; }";
    attack("steal", LIMITS, &source(body), |user, sandbox, run| {
        assert_eq!(run.verdict(), "WA", "{user:?}: {}", run.stdout);
        assert!(run.stdout.contains("\"no answer\""), "{}", run.stdout);
        let data = sandbox.root.join("judge-data/fake");
        assert_eq!(fs::read_to_string(data.join("add.in")).unwrap(), "2 3\n");
        assert_eq!(fs::read_to_string(data.join("add.out")).unwrap(), "5\n");
    });
}

#[test]
fn stdin_may_be_mapped_and_sized_but_not_changed() {
    // The case `2 3`, as a judge gives it: a read-only regular file of its
    // size, mapped whole; neither it nor a copy opened again for writing
    // through /proc can be changed, grown or cut.
    let body = "int main(void) { struct stat st; if (fstat(0, &st) || !S_ISREG(st.st_mode) || st.st_size != 4)\n\
        { printf(\"not the case's file\\n\"); return 0; }\n\
        if ((fcntl(0, F_GETFL) & O_ACCMODE) != O_RDONLY) { printf(\"writable\\n\"); return 0; }\n\
        char *map = mmap(NULL, 4, PROT_READ, MAP_PRIVATE, 0, 0);\n\
        if (map == MAP_FAILED || lseek(0, 0, SEEK_END) != 4) { printf(\"not mapped\\n\"); return 0; }\n\
        int w = open(\"/proc/self/fd/0\", O_RDWR);\n\
        if (w >= 0 && (write(w, \"9 9\\n\", 4) >= 0 || ftruncate(w, 0) == 0 || ftruncate(w, 9) == 0))\n\
        { printf(\"changed\\n\"); return 0; }\n\
        printf(\"%d\\n\", (map[0] - '0') + (map[2] - '0')); return 0; }";
    attack("stdin", LIMITS, &source(body), |user, sandbox, run| {
        assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
        let case = sandbox.root.join("judge-data/fake/add.in");
        assert_eq!(fs::read_to_string(case).unwrap(), "2 3\n");
    });
}

#[test]
fn no_runner_can_be_found_to_forge_a_row() {
    let body = "int main(void) { DIR *proc = opendir(\"/proc\"); struct dirent *e; int seen = 0;\n\
        while ((e = readdir(proc))) { char path[300]; int pid = atoi(e->d_name); if (pid <= 0) continue;\n\
        seen++; snprintf(path, sizeof path, \"/proc/%d/fd/1\", pid);\n\
        int fd = open(path, O_WRONLY); if (fd >= 0) { dprintf(fd, \"problem=fake verdict=AC time_ms=1 wall_ms=1 peak_kib=1 case=add\\n\"); close(fd); } }\n\
        printf(\"%d\\n\", seen); return 0; }";
    attack("forge", LIMITS, &source(body), |user, _, run| {
        assert_eq!(run.rows(), 1, "{user:?}: {}", run.stdout);
        // It saw only its namespace's init and itself, and could write only
        // into its own output: a WA, not a second row.
        assert!(run.stdout.contains("\"2\""), "{}", run.stdout);
        assert_eq!(run.verdict(), "WA", "{}", run.stdout);
    });
}

#[test]
fn a_fork_bomb_is_stopped_by_the_process_limit_with_a_verdict() {
    let body = "int main(void) { for (;;) fork(); }";
    let toml = format!("{LIMITS}process_limit = 16\n");
    attack("forkbomb", &toml, &source(body), |user, _, run| {
        // TLE as a rule; MLE on a loaded machine, where the kernel frees the
        // refused forks' task structs late (after an RCU grace period) and
        // the run's memory cgroup is charged for them meanwhile.
        let verdict = run.verdict();
        assert!(
            verdict == "TLE" || verdict == "MLE",
            "{user:?}: {}",
            run.stdout
        );
        if run.has_cgroup() {
            assert!(run.stdout.contains("process limit of 16"), "{}", run.stdout);
        }
    });
}

#[test]
fn files_a_program_writes_stay_out_of_the_workspace() {
    let body = "int main(void) { FILE *here = fopen(\"written-here\", \"w\");\n\
        FILE *there = fopen(WORKSPACE \"/written-there\", \"w\");\n\
        if (here) fputs(\"x\", here); if (there) fputs(\"x\", there);\n\
        printf(\"%s %s\\n\", here ? \"here\" : \"-\", there ? \"there\" : \"-\"); return 0; }";
    // It writes in its own /tmp; where its view shows the workspace's path
    // (a folder made in that /tmp to hold its own file, the user's own as an
    // ordinary user), nothing reaches the workspace.
    attack("write", LIMITS, &source(body), |user, sandbox, run| {
        assert!(run.stdout.contains("\"here "), "{user:?}: {}", run.stdout);
        assert!(!sandbox.root.join("written-there").exists());
        assert!(!sandbox.root.join("written-here").exists());
    });
}

#[test]
fn nothing_a_run_writes_outside_its_scratch_reaches_the_next() {
    // Every run's root shows folders bound from one skeleton: a file made
    // in one would be there for the runs after.
    let body = "int main(void) {\n\
        const char *places[] = {\"/mark\", \"/etc/mark\", \"/dev/mark\", \"/usr/mark\", \"/bin/mark\"};\n\
        int seen = 0, made = 0;\n\
        for (int i = 0; i < 5; i++) { if (access(places[i], F_OK) == 0) seen = 1;\n\
        int fd = open(places[i], O_WRONLY | O_CREAT, 0644); if (fd >= 0) { made = 1; close(fd); } }\n\
        printf(seen ? \"seen\\n\" : made ? \"made\\n\" : \"nothing\\n\"); return 0; }";
    let setup = Setup {
        prepare: Some(&six_cases),
        ..Setup::default()
    };
    attack_with("marks", LIMITS, &source(body), &setup, |user, _, run| {
        assert_eq!(run.rows(), 6, "{user:?}: {}", run.stdout);
        assert!(!run.stdout.contains("\"seen"), "{user:?}: {}", run.stdout);
        assert!(!run.stdout.contains("\"made"), "{user:?}: {}", run.stdout);
        assert!(run.stdout.contains("\"nothing"), "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_connection_to_a_loopback_port_is_refused() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let body = format!(
        "int main(void) {{ int s = socket(AF_INET, SOCK_STREAM, 0);\n\
         struct sockaddr_in to = {{0}}; to.sin_family = AF_INET; to.sin_port = htons({port});\n\
         inet_pton(AF_INET, \"127.0.0.1\", &to.sin_addr);\n\
         printf(connect(s, (struct sockaddr *) &to, sizeof to) == 0 ? \"connected\\n\" : \"refused\\n\");\n\
         return 0; }}"
    );
    attack("connect", LIMITS, &source(&body), |user, _, run| {
        assert!(
            run.stdout.contains("\"refused\""),
            "{user:?}: {}",
            run.stdout
        );
    });
    assert!(listener.accept().is_err(), "a program reached the listener");
}

#[test]
fn a_compile_bomb_is_stopped_by_the_compile_limit() {
    if !common::have("g++") {
        return;
    }
    // Each level doubles what the compiler complains about.
    let mut bomb = String::from("#define A0 x x\n");
    for level in 1..=26 {
        bomb += &format!("#define A{level} A{} A{}\n", level - 1, level - 1);
    }
    bomb += "int main() { A26; }\n";
    for user in users() {
        let sandbox = workspace(user, LIMITS);
        let source = sandbox.write("bomb.cpp", &bomb);
        let run = test_source(&sandbox, user, &source);
        assert_eq!(run.code, 2, "{user:?}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("compiling") && run.stderr.contains("stopped: the compiler"),
            "{user:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn a_cgroup_left_by_a_killed_launcher_is_removed_by_the_next_run() {
    if !users().contains(&User::Root) {
        return;
    }
    let own = fs::read_to_string("/proc/self/cgroup").unwrap();
    let Some(path) = own
        .lines()
        .find_map(|line| line.split_once(":memory:").map(|(_, p)| p))
    else {
        common::skip("a stale cgroup: no v1 memory cgroup here");
        return;
    };
    let base = Path::new("/sys/fs/cgroup/memory").join(path.trim_start_matches('/'));
    // The pid of a process that has ended: its launcher was killed at once.
    let mut ended = Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    let stale = base.join(format!("judge-{}", ended.id()));
    fs::create_dir(&stale).unwrap();
    let sandbox = workspace(User::Root, LIMITS);
    let run = judge(&sandbox, User::Root, &["test", "fake"]);
    let removed = !stale.exists();
    let _ = fs::remove_dir(&stale);
    assert!(run.has_cgroup(), "{}", run.stdout);
    assert!(removed, "{} is left", stale.display());
}

#[test]
fn a_source_cannot_include_the_answer_where_a_package_s_own_may_include_its_headers() {
    if !common::have("gcc") {
        return;
    }
    for user in users() {
        let sandbox = workspace(user, LIMITS);
        let answer = sandbox.root.join("judge-data/fake/add.out");
        let cheat = format!(
            "#include <stdio.h>\nint main(void) {{ printf(\"%d\\n\",\n#include \"{}\"\n); }}\n",
            answer.display()
        );
        let source = sandbox.write("cheat.c", &cheat);
        // A refused compile prints no allowed line: learnt first.
        let probe = judge(&sandbox, user, &["test", "fake", "--bin", "echo 5"]);
        if !probe.has_namespaces() {
            common::skip(&format!(
                "a source including the answer as {user:?}: {}",
                probe.allowed()
            ));
            continue;
        }
        let run = test_source(&sandbox, user, &source);
        assert_eq!(run.code, 2, "{user:?}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("cheat.c does not compile"),
            "{user:?}: {}",
            run.stderr
        );
        // A package's submission lives in the data, its headers beside it.
        fs::create_dir(sandbox.root.join("judge-data/fake/sub")).unwrap();
        sandbox.write("judge-data/fake/sub/answer.h", "5\n");
        let own = cheat.replace(&answer.display().to_string(), "answer.h");
        let own = sandbox.write("judge-data/fake/sub/own.c", &own);
        if user == User::Nobody {
            give_to_nobody(&sandbox.root.join("judge-data/fake/sub"));
        }
        let run = test_source(&sandbox, user, &own);
        assert_eq!(run.code, 0, "{user:?}: {}{}", run.stdout, run.stderr);
    }
}

// ---- What the rewritten sandbox is to contain too ----

#[test]
fn a_program_cannot_make_namespaces_of_its_own() {
    let body = "int main(void) {\n\
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWCGROUP) == 0) { printf(\"5\\n\"); return 0; }\n\
        printf(\"%s\\n\", errno == EPERM ? \"EPERM\" : strerror(errno)); return 0; }";
    attack("unshare", LIMITS, &source(body), |user, _, run| {
        assert_eq!(run.verdict(), "WA", "{user:?}: {}", run.stdout);
        assert!(run.stdout.contains("\"EPERM\""), "{user:?}: {}", run.stdout);
    });
}

/// C: `escape(controller)` learns the program's own cgroup of `controller`
/// (v1) and mounts that hierarchy in a user, mount and cgroup namespace of
/// its own, where it is root; `rewrite(file, text)` then writes `text` into
/// `file` of its own cgroup by every way it has (the hierarchies mounted,
/// its own mount) and says whether one took it.
const CGROUP_ESCAPE: &str = r#"
static char own[4096], nested[64];
static const char *controller;
static int put(const char *path, const char *text) {
    int fd = open(path, O_WRONLY); if (fd < 0) return 0;
    int ok = write(fd, text, strlen(text)) == (ssize_t) strlen(text); close(fd); return ok; }
static void escape(const char *name) {
    controller = name;
    FILE *f = fopen("/proc/self/cgroup", "r"); char line[4096];
    while (f && fgets(line, sizeof line, f)) {
        char *names = strchr(line, ':'), *path = names ? strchr(names + 1, ':') : NULL;
        if (!path) continue;
        *path++ = 0; path[strcspn(path, "\n")] = 0;
        for (char *n = strtok(names + 1, ","); n; n = strtok(NULL, ","))
            if (!strcmp(n, name)) snprintf(own, sizeof own, "%s", path); }
    if (f) fclose(f);
    uid_t uid = geteuid(); gid_t gid = getegid(); char map[64];
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWCGROUP) != 0) { perror("unshare"); return; }
    put("/proc/self/setgroups", "deny");
    snprintf(map, sizeof map, "0 %d 1", uid); put("/proc/self/uid_map", map);
    snprintf(map, sizeof map, "0 %d 1", gid); put("/proc/self/gid_map", map);
    snprintf(nested, sizeof nested, "/tmp/cgroup-%d", getpid()); mkdir(nested, 0700);
    if (mount("cgroup", nested, "cgroup", 0, name) != 0) { perror("mount"); nested[0] = 0; } }
static int rewrite(const char *file, const char *text) {
    const char *shared[] = {"", "cpu,"}; char path[8192]; int done = 0;
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "/sys/fs/cgroup/%s%s%s/%s", shared[i], controller, own, file);
        done |= put(path, text); }
    if (nested[0]) { snprintf(path, sizeof path, "%s/%s", nested, file); done |= put(path, text); }
    return done; }
"#;

#[test]
fn a_program_cannot_reset_its_own_cpu_time() {
    // 1.5 s of CPU time under a 1 s limit, its cgroup's count reset all along.
    let body = format!(
        "{CGROUP_ESCAPE}int main(void) {{ escape(\"cpuacct\"); int resets = 0; struct timespec t;\n\
         volatile unsigned long x = 0;\n\
         do {{ for (int i = 0; i < 10000000; i++) x++; resets += rewrite(\"cpuacct.usage\", \"0\");\n\
         clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); }} while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < 1500);\n\
         fprintf(stderr, \"%d resets\\n\", resets); printf(\"5\\n\"); return 0; }}"
    );
    attack("cpureset", LIMITS, &source(&body), |user, _, run| {
        assert_eq!(run.verdict(), "TLE", "{user:?}: {}", run.stdout);
        // Stopped by the wall cap on a loaded machine, it still shows the
        // time it burned.
        assert!(run.cpu_ms() >= 300, "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_program_cannot_raise_its_own_process_limit() {
    let body = format!(
        "{CGROUP_ESCAPE}int main(void) {{ escape(\"pids\"); int raised = rewrite(\"pids.max\", \"max\"), made = 0;\n\
         for (int i = 0; i < 300; i++) {{ pid_t p = fork(); if (p == 0) {{ sleep(30); _exit(0); }} if (p > 0) made++; }}\n\
         fprintf(stderr, \"pids.max %s, %d forks\\n\", raised ? \"raised\" : \"kept\", made);\n\
         if (made == 300) printf(\"5\\n\"); else printf(\"%d forks\\n\", made); return 0; }}"
    );
    let toml = format!("{LIMITS}process_limit = 64\n");
    attack("pidsmax", &toml, &source(&body), |user, _, run| {
        assert_ne!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_program_holds_no_capability_and_can_gain_none() {
    // Every capability set empty, the bounding set too (no exec brings one
    // back, also of a setuid program), no new privileges, the filter on.
    let body = "int main(void) { FILE *status = fopen(\"/proc/self/status\", \"r\"); char line[256];\n\
        int kept = !status, seen = 0;\n\
        while (status && fgets(line, sizeof line, status)) {\n\
          if (strncmp(line, \"Cap\", 3) == 0) { seen++; if (!strstr(line, \"\\t0000000000000000\")) { kept = 1; fputs(line, stderr); } }\n\
          if (strncmp(line, \"NoNewPrivs:\", 11) == 0 && !strstr(line, \"1\")) kept = 1;\n\
          if (strncmp(line, \"Seccomp:\", 8) == 0 && !strstr(line, \"2\")) kept = 1; }\n\
        printf(kept || seen < 5 ? \"kept\\n\" : \"none\\n\"); return 0; }";
    attack("capabilities", LIMITS, &source(body), |user, _, run| {
        assert!(run.stdout.contains("\"none"), "{user:?}: {}", run.stdout);
    });
}

#[test]
fn no_answer_nor_secret_is_in_sight() {
    if !common::have("git") {
        return;
    }
    // The stored data in the workspace's history, and in another clone.
    let commit = |sandbox: &Sandbox| {
        let identity = ["-c", "user.name=judge", "-c", "user.email=judge@localhost"];
        for args in [
            &["init", "-q"][..],
            &["add", "-A"],
            &["commit", "-qm", "data"],
        ] {
            let status = Command::new("git")
                .args(identity)
                .args(args)
                .current_dir(&sandbox.root)
                .status()
                .unwrap();
            assert!(status.success(), "git {args:?}");
        }
    };
    let other = Sandbox::new(LIMITS);
    let other_answer = other.root.join("judge-data/fake/add.out");
    let body = "int main(void) { int seen = 0;\n\
        const char *files[] = {WORKSPACE \"/.git/HEAD\", WORKSPACE \"/judge-data/fake/add.out\", OTHER, \"/etc/shadow\"};\n\
        for (int i = 0; i < 4; i++) { int fd = open(files[i], O_RDONLY);\n\
        if (fd >= 0) { fprintf(stderr, \"read %s\\n\", files[i]); seen = 1; close(fd); } }\n\
        if (opendir(\"/root\")) { fprintf(stderr, \"listed /root\\n\"); seen = 1; }\n\
        printf(seen ? \"5\\n\" : \"nothing\\n\"); return 0; }";
    let setup = Setup {
        defines: &[("OTHER", other_answer.to_str().unwrap())],
        prepare: Some(&commit),
        ..Setup::default()
    };
    attack_with("peek", LIMITS, &source(body), &setup, |user, _, run| {
        assert_eq!(run.verdict(), "WA", "{user:?}: {}", run.stdout);
    });
}

/// A folder of its own under `/tmp`, outside every workspace; removed on drop.
struct Outside(PathBuf);

impl Outside {
    fn new(prefix: &str) -> Outside {
        let path = common::temp_path(prefix);
        fs::create_dir_all(&path).unwrap();
        Outside(path)
    }
}

impl Drop for Outside {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_descriptor_the_runner_inherits_is_not_the_program_s() {
    let folder = Outside::new("judge-fd7");
    let leak = folder.0.join("leak");
    fs::write(&leak, "").unwrap();
    let body = "int main(void) {\n\
        if (write(7, \"leak\", 4) == 4) { printf(\"5\\n\"); return 0; }\n\
        printf(\"%s\\n\", strerror(errno)); return 0; }";
    let setup = Setup {
        call: Call {
            fd7: Some(&leak),
            ..Call::default()
        },
        ..Setup::default()
    };
    attack_with("fd7", LIMITS, &source(body), &setup, |user, _, run| {
        let written = fs::read_to_string(&leak).unwrap();
        assert_eq!(run.verdict(), "WA", "{user:?}: {}", run.stdout);
        assert_eq!(written, "", "{user:?}: written through descriptor 7");
    });
}

#[test]
fn a_write_to_a_closed_pipe_kills_with_sigpipe() {
    // SIGPIPE as the program's default: not ignored as the runner ignores it.
    let body = "int main(void) { int ends[2]; pipe(ends); close(ends[0]);\n\
        if (write(ends[1], \"x\", 1) < 0) { fprintf(stderr, \"write: %s\\n\", strerror(errno)); printf(\"5\\n\"); return 0; }\n\
        printf(\"written\\n\"); return 0; }";
    attack("sigpipe", LIMITS, &source(body), |user, _, run| {
        assert_eq!(run.verdict(), "RE", "{user:?}: {}", run.stdout);
        assert!(run.stdout.contains("SIGPIPE"), "{user:?}: {}", run.stdout);
    });
}

#[test]
fn the_runner_s_environment_is_not_the_program_s() {
    let body = "int main(void) { const char *names[] = {\"RUST_BACKTRACE\", \"JUDGE_SECRET_FOR_TEST\"}; int seen = 0;\n\
        for (int i = 0; i < 2; i++) if (getenv(names[i])) { fprintf(stderr, \"%s is set\\n\", names[i]); seen = 1; }\n\
        printf(seen ? \"5\\n\" : \"clean\\n\"); return 0; }";
    let setup = Setup {
        call: Call {
            env: &[("RUST_BACKTRACE", "1"), ("JUDGE_SECRET_FOR_TEST", "1")],
            ..Call::default()
        },
        ..Setup::default()
    };
    attack_with("environ", LIMITS, &source(body), &setup, |user, _, run| {
        assert_eq!(run.verdict(), "WA", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_program_gets_a_home_a_tmpdir_a_path_and_a_locale() {
    let body = "static int writable(const char *name) { const char *dir = getenv(name); char path[4096]; struct stat st;\n\
        if (!dir || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) { fprintf(stderr, \"%s is no folder\\n\", name); return 0; }\n\
        snprintf(path, sizeof path, \"%s/judge-probe\", dir); int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);\n\
        if (fd < 0) { fprintf(stderr, \"%s: %s\\n\", path, strerror(errno)); return 0; }\n\
        close(fd); unlink(path); return 1; }\n\
        int main(void) { const char *lang = getenv(\"LANG\");\n\
        int home = writable(\"HOME\"), tmpdir = writable(\"TMPDIR\");\n\
        int ok = home && tmpdir && lang && !strcmp(lang, \"C.UTF-8\") && getenv(\"PATH\");\n\
        printf(ok ? \"5\\n\" : \"missing\\n\"); return 0; }";
    attack("home", LIMITS, &source(body), |user, _, run| {
        assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_key_added_to_a_keyring_is_refused_and_never_found() {
    // KEY_SPEC_USER_KEYRING is -4; KEYCTL_SEARCH 10, KEYCTL_INVALIDATE 21,
    // KEYCTL_UNLINK 9.
    let add = "int main(void) { long key = syscall(SYS_add_key, \"user\", \"judge-leak\", \"x\", 1, -4);\n\
        if (key >= 0) { fprintf(stderr, \"added key %ld\\n\", key); printf(\"5\\n\"); return 0; }\n\
        printf(\"%s\\n\", strerror(errno)); return 0; }";
    let find = "int main(void) { long key = syscall(SYS_request_key, \"user\", \"judge-leak\", NULL, 0);\n\
        if (key < 0) key = syscall(SYS_keyctl, 10, -4, \"user\", \"judge-leak\", 0);\n\
        printf(key >= 0 ? \"5\\n\" : \"none\\n\"); return 0; }";
    let purge = "int main(void) { long key; for (int i = 0; i < 100; i++) {\n\
        if ((key = syscall(SYS_keyctl, 10, -4, \"user\", \"judge-leak\", 0)) < 0) return 0;\n\
        syscall(SYS_keyctl, 21, key); syscall(SYS_keyctl, 9, key, -4); } return 1; }";
    // The test's own user keyring is the one a program run as root reaches.
    let scratch = Sandbox::new(LIMITS);
    let Some(purge) = c_program(&scratch, "purge", &source(purge)) else {
        return;
    };
    let purge = || assert!(Command::new(&purge).status().unwrap().success());
    purge();
    let verdicts = std::cell::RefCell::new(Vec::new());
    for (name, body) in [("addkey", add), ("findkey", find)] {
        attack(name, LIMITS, &source(body), |user, _, run| {
            let verdict = run.verdict().to_string();
            verdicts
                .borrow_mut()
                .push((name, user, verdict, run.stdout.clone()));
        });
    }
    purge();
    let verdicts = verdicts.into_inner();
    let wrong: Vec<_> = verdicts.iter().filter(|(.., v, _)| v != "WA").collect();
    assert!(wrong.is_empty(), "not WA: {wrong:#?}");
}

/// A right solution in the workspace: a shell script printing 5.
fn right_solution(sandbox: &Sandbox) -> String {
    sandbox.program("right", "echo 5").display().to_string()
}

/// `judge test fake` of a right solution as each user, judged by the
/// checker (testlib protocol) built from `checker` (C) in the workspace,
/// with `more` in problem.toml.
/// The right solution, judged by `checker` (C) under `more` of
/// `problem.toml`, is FAIL as each user: the checker stopped by a helper
/// limit, its row naming each of `named`.
fn stopped_checker(name: &str, more: &str, checker: &str, named: &[&str]) {
    let toml = format!("{LIMITS}{more}checker = \"./{name}\"\n");
    let program = |sandbox: &Sandbox| {
        c_program(sandbox, name, &source(checker))?;
        Some(right_solution(sandbox))
    };
    as_each_user(name, &toml, Call::default(), program, |user, _, run| {
        assert_eq!(run.verdict(), "FAIL", "{user:?}: {}", run.stdout);
        for word in named {
            assert!(
                run.stdout.contains(word),
                "{user:?}: no {word:?} in {}",
                run.stdout
            );
        }
    });
}

#[test]
fn a_checker_s_files_are_bounded() {
    // 64 MiB where it runs and beside the output it was given: it accepts
    // if either was written whole.
    let checker = "static int fill(const char *path) { static char block[1 << 20]; int n = 0;\n\
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);\n\
        if (fd < 0) { fprintf(stderr, \"%s: %s\\n\", path, strerror(errno)); return 0; }\n\
        memset(block, 1, sizeof block); while (n < 64 && write(fd, block, sizeof block) == sizeof block) n++;\n\
        close(fd); fprintf(stderr, \"%d MiB into %s\\n\", n, path); return n == 64; }\n\
        int main(int argc, char **argv) { char beside[4096]; if (argc < 4) return 3;\n\
        snprintf(beside, sizeof beside, \"%s.big\", argv[2]);\n\
        int here = fill(\"big\"), there = fill(beside); return here || there ? 0 : 1; }";
    stopped_checker(
        "bigfile",
        "helper_file_limit_mib = 16\n",
        checker,
        &["file", "16 MiB"],
    );
}

#[test]
fn a_checker_s_memory_is_bounded() {
    // Written through a volatile pointer: no compiler can drop the writes.
    let checker = "int main(void) { size_t size = 256 << 20; volatile char *p = malloc(size);\n\
        if (!p) return 1; for (size_t i = 0; i < size; i += 4096) p[i] = 1;\n\
        fprintf(stderr, \"touched 256 MiB\\n\"); return 0; }";
    stopped_checker(
        "bigheap",
        "helper_memory_limit_mib = 64\n",
        checker,
        &["memory", "64 MiB"],
    );
}

#[test]
fn files_a_program_writes_in_tmp_are_bounded_without_a_cgroup() {
    let body =
        "int main(void) { static char block[1 << 20]; int n = 0; memset(block, 1, sizeof block);\n\
        int fd = open(\"/tmp/x\", O_WRONLY | O_CREAT | O_TRUNC, 0600);\n\
        while (fd >= 0 && n < 400 && write(fd, block, sizeof block) == sizeof block) n++;\n\
        fprintf(stderr, \"%d MiB written\\n\", n);\n\
        if (n == 400) printf(\"5\\n\"); else printf(\"%d MiB\\n\", n); return 0; }";
    // Time enough to write it all: only the memory limit may stop it.
    let toml = "time_limit_ms = 10000\nmemory_limit_kib = 65536\n";
    attack("tmpfile", toml, &source(body), |user, _, run| {
        assert_ne!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_checker_outside_the_workspace_under_tmp_runs() {
    let outside = Outside::new("judge-outside");
    let Some(checker) = compile_c(&outside.0, "accept", "int main(void) { return 0; }\n", &[])
    else {
        return;
    };
    give_to_nobody(&outside.0);
    let toml = format!("{LIMITS}checker = \"{}\"\n", checker.display());
    let program = |sandbox: &Sandbox| Some(right_solution(sandbox));
    as_each_user("accept", &toml, Call::default(), program, |user, _, run| {
        assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
    });
}

#[test]
fn a_program_named_relative_to_the_workspace_outside_it_under_tmp_runs() {
    let outside = Outside::new("judge-outside");
    let program = outside.0.join("prog");
    fs::write(&program, "#!/bin/sh\necho 5\n").unwrap();
    fs::set_permissions(
        &program,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    give_to_nobody(&outside.0);
    let relative = format!(
        "../{}/prog",
        outside.0.file_name().unwrap().to_str().unwrap()
    );
    let call = Call {
        in_workspace: true,
        ..Call::default()
    };
    as_each_user(
        "relative",
        LIMITS,
        call,
        |_| Some(relative.clone()),
        |user, _, run| {
            assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
        },
    );
}

#[test]
fn a_python_source_outside_the_workspace_under_tmp_runs() {
    if !common::have("python3") {
        return;
    }
    let outside = Outside::new("judge-outside");
    let script = outside.0.join("x.py");
    fs::write(&script, "print(5)\n").unwrap();
    give_to_nobody(&outside.0);
    let script = script.display().to_string();
    as_each_user(
        "python",
        LIMITS,
        Call::default(),
        |_| Some(script.clone()),
        |user, _, run| {
            assert_eq!(run.verdict(), "AC", "{user:?}: {}", run.stdout);
        },
    );
}

#[test]
fn boxes_at_once_cannot_meet_on_an_abstract_socket() {
    // Two runs at once share one empty network namespace: an abstract unix
    // socket would join them. The socket is refused.
    let body = "int main(void) { int s = socket(AF_UNIX, SOCK_STREAM, 0);\n\
        printf(s < 0 && errno == EPERM ? \"refused\\n\" : \"5\\n\"); return 0; }";
    attack("unix", LIMITS, &source(body), |user, _, run| {
        assert!(
            run.stdout.contains("\"refused\""),
            "{user:?}: {}",
            run.stdout
        );
    });
}

#[test]
fn cargo_s_credentials_and_configuration_are_out_of_sight() {
    // Not under /tmp, which each box has fresh: where a home would be.
    let home =
        Outside(Path::new("/var/tmp").join(format!("judge-cargo-home-{}", std::process::id())));
    fs::create_dir_all(&home.0).unwrap();
    let cargo = home.0.join(".cargo");
    fs::create_dir_all(cargo.join("bin")).unwrap();
    fs::write(cargo.join("credentials.toml"), "token = \"secret\"\n").unwrap();
    fs::write(cargo.join("config.toml"), "[net]\n").unwrap();
    give_to_nobody(&home.0);
    let cargo_home = cargo.display().to_string();
    let path = format!("{cargo_home}/bin:{}", std::env::var("PATH").unwrap());
    let body = "int main(void) { const char *home = getenv(\"CARGO_HOME\"); char path[4096];\n\
        const char *names[] = {\"credentials.toml\", \"config.toml\"}; int seen = 0;\n\
        for (int i = 0; i < 2; i++) { snprintf(path, sizeof path, \"%s/%s\", home ? home : CARGO, names[i]);\n\
        if (access(path, F_OK) == 0) { fprintf(stderr, \"seen %s\\n\", path); seen = 1; } }\n\
        printf(seen ? \"5\\n\" : \"nothing\\n\"); return 0; }";
    let setup = Setup {
        defines: &[("CARGO", &cargo_home)],
        call: Call {
            env: &[("CARGO_HOME", &cargo_home), ("PATH", &path)],
            ..Call::default()
        },
        ..Setup::default()
    };
    attack_with(
        "credentials",
        LIMITS,
        &source(body),
        &setup,
        |user, _, run| {
            assert_eq!(
                run.verdict(),
                "WA",
                "{user:?}: {}{}",
                run.stdout,
                run.stderr
            );
        },
    );
}

// ---- Nothing reaches around the box ----

/// Runs `judge test fake --bin <bin> --format kv` as each user in a fresh
/// workspace made ready by `prepare` and run from its root, with `check` on
/// each run; where the machine gives a user no namespaces, a skip is said.
fn reaching(
    name: &str,
    toml: &str,
    bin: &str,
    prepare: impl Fn(&Sandbox),
    check: impl Fn(User, &Run),
) {
    for user in users() {
        let sandbox = workspace(user, toml);
        prepare(&sandbox);
        if user == User::Nobody {
            give_to_nobody(&sandbox.root);
        }
        let call = Call {
            in_workspace: true,
            ..Call::default()
        };
        let args = ["test", "fake", "--bin", bin, "--format", "kv"];
        let run = judge_with(&sandbox, user, &args, call);
        // A compile refused comes before the sandbox's line: `judge sandbox`
        // says what the box holds then.
        let held = match run.allowed() {
            "" => judge_with(&sandbox, user, &["sandbox"], Call::default()),
            _ => run.clone(),
        };
        if !held.has_namespaces() {
            common::skip(&format!("{name} as {user:?}: {}", held.allowed()));
            continue;
        }
        check(user, &run);
    }
}

/// A check for `reaching`: the run's verdict is `verdict`.
fn verdict_is(verdict: &'static str) -> impl Fn(User, &Run) {
    move |user, run| {
        assert_eq!(
            run.verdict(),
            verdict,
            "{user:?}: {}{}",
            run.stdout,
            run.stderr
        )
    }
}

/// The built reference answer where a compile or a shell line could reach
/// it: `target/release/answer` in the workspace and in a workspace below.
fn plant_answers(sandbox: &Sandbox) {
    for dir in ["target/release", "inner/target/release"] {
        fs::create_dir_all(sandbox.root.join(dir)).unwrap();
        sandbox.write(&format!("{dir}/answer"), "5\n");
    }
}

#[test]
fn a_compile_sees_its_source_not_the_folder_it_lies_in() {
    if !common::have("gcc") {
        return;
    }
    // The assembler's `.incbin` searches the compile's folders: it would
    // print the built answer from a source in the workspace's root, or in
    // a folder above a workspace.
    let incbin = |path: &str| {
        format!(
            "#include <stdio.h>\n__asm__(\".section .rodata\\nanswer: .incbin \\\"{path}\\\"\\n\
             .byte 0\\n.previous\");\nextern const char answer[];\n\
             int main(void) {{ fputs(answer, stdout); return 0; }}\n"
        )
    };
    for (file, path) in [
        ("root.c", "target/release/answer"),
        ("above.c", "inner/target/release/answer"),
    ] {
        let source = incbin(path);
        let prepare = |sandbox: &Sandbox| {
            plant_answers(sandbox);
            sandbox.write(file, &source);
        };
        reaching(file, LIMITS, file, prepare, |user, run| {
            assert_eq!(
                run.code, 2,
                "{file} as {user:?}: {}{}",
                run.stdout, run.stderr
            );
            assert!(run.stderr.contains("does not compile"), "{}", run.stderr);
        });
    }
    if !common::have("rustc") {
        return;
    }
    let rust = "fn main() { print!(\"{}\", \
        String::from_utf8_lossy(include_bytes!(\"target/release/answer\"))); }\n";
    let prepare = |sandbox: &Sandbox| {
        plant_answers(sandbox);
        sandbox.write("root.rs", rust);
    };
    reaching("include_bytes", LIMITS, "root.rs", prepare, |user, run| {
        assert_eq!(run.code, 2, "{user:?}: {}{}", run.stdout, run.stderr);
    });
}

#[test]
fn a_checker_s_command_line_sees_what_it_names_not_the_workspace() {
    // WA when the checker finds the built answer: the workspace in view.
    let toml = format!("{LIMITS}checker = \"sh checkers/check.sh\"\n");
    let prepare = |sandbox: &Sandbox| {
        plant_answers(sandbox);
        sandbox.write("x.sh", "echo 5\n");
        fs::create_dir_all(sandbox.root.join("checkers")).unwrap();
        sandbox.write(
            "checkers/check.sh",
            "cat target/release/answer \"$(dirname \"$0\")/../target/release/answer\" \\\n\
             2>/dev/null | grep -q . && exit 1\ncmp -s \"$2\" \"$3\" || exit 1\n",
        );
    };
    reaching("checker", &toml, "sh x.sh", prepare, verdict_is("AC"));
}

#[test]
fn a_shell_line_sees_what_it_names_not_the_workspace() {
    let prepare = |sandbox: &Sandbox| {
        plant_answers(sandbox);
        sandbox.write(
            "x.sh",
            "cat target/release/answer 2>/dev/null || echo nothing\n",
        );
    };
    reaching("shell line", LIMITS, "sh x.sh", prepare, verdict_is("WA"));
    // What it names is there, at the path named.
    let prepare = |sandbox: &Sandbox| {
        sandbox.write("x.sh", "echo 5\n");
    };
    reaching("shell line", LIMITS, "sh x.sh", prepare, verdict_is("AC"));
}
