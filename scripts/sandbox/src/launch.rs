//! The kernel box's launcher: what `judge __launch` does given the box's
//! arguments (`BoxSpec`): prepares the box, then serves the one run on the
//! core's pieces (`judge_core::process::launch`).
//!
//! Why the box before the run: preparing it costs more than the run's own
//! start (the cgroup made and joined; the namespaces; the view's base of
//! some thirty mounts) and needs nothing of the run. The runner starts a
//! thread's next launcher while the thread's run runs, so that the next run
//! finds its box ready; each launcher still serves one run only.
//!
//! Why nothing escapes it: in namespaces the program is the child of the
//! init of its own PID namespace and its cgroup is killed at the end;
//! without them, the core's launcher's watch of its tree. The launcher is
//! not dumpable, so its `/proc/<pid>/fd` is closed to the program.

use crate::seccomp;
use crate::steps;
use crate::sys::{self, Filter, SIGKILL};
use crate::view;
use crate::{Cgroup, CgroupBase, Confinement, Entry, Namespaces, Network};
use judge_core::process::launch::{
    cannot_start, io_error, number, receive, say, split_pair, sweep, take_stdin, watch, words,
    Exit, Meter, Pairs, Reaped, Report, Spec, Start, StoppedBy, Tree,
};
use judge_core::process::sight::Sight;
use judge_core::process::sys as core_sys;
use std::cell::Cell;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::fd::{AsFd, AsRawFd, RawFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{self, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The box's part of every run: what is the same for every run of a
/// command, on the launcher's command line, and prepared before a run is
/// asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoxSpec {
    pub namespaces: Option<Namespaces>,
    pub cgroup: Option<CgroupBase>,
    /// As root: the uids of the boxes, one of which the run takes.
    pub boxes: Option<(u32, u32)>,
    /// The seccomp filter is installed before the exec.
    pub filter: bool,
    /// What the box shows of the machine (`sight::system`), in namespaces.
    pub system: Vec<PathBuf>,
    /// Inherited descriptors of the network namespace to join and, as an
    /// ordinary user, of the user namespace that owns it.
    pub network: Option<Network>,
    /// A zygote's: make the network namespace, then see that `true` runs
    /// confined as every run will be (`prepare_zygote`).
    pub probe: bool,
}

impl BoxSpec {
    /// Its `key=value` arguments.
    pub fn args(&self) -> Vec<OsString> {
        let mut args = Pairs::default();
        if let Some((first, last)) = self.boxes {
            args.pair("boxes", &format!("{first}-{last}"));
        }
        if self.filter {
            args.pair("filter", &"seccomp");
        }
        match self.namespaces {
            Some(Namespaces::AsRoot) => args.pair("namespaces", &"root"),
            Some(Namespaces::InUserNamespace) => args.pair("namespaces", &"user"),
            None => {}
        }
        match &self.cgroup {
            Some(CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            }) => {
                args.pair("cgroup.memory", memory);
                args.pair("cgroup.pids", pids);
                args.pair("cgroup.cpuacct", cpuacct);
            }
            Some(CgroupBase::V2(dir)) => args.pair("cgroup.v2", dir),
            None => {}
        }
        if let Some(network) = self.network {
            args.pair("network", &network.namespace.to_string());
            if let Some(owner) = network.owner {
                args.pair("network.owner", &owner.to_string());
            }
        }
        if self.probe {
            args.pair("probe", &"true");
        }
        for path in &self.system {
            args.pair("show", path);
        }
        args.0
    }

    pub fn parse(pairs: &[String]) -> Result<BoxSpec, String> {
        let mut spec = BoxSpec::default();
        let (mut memory, mut pids, mut cpuacct) = (None, None, None);
        let (mut network, mut owner) = (None, None);
        for pair in pairs {
            let (key, value) = split_pair(pair)?;
            match key {
                "boxes" => {
                    let range = value
                        .split_once('-')
                        .and_then(|(first, last)| Some((first.parse().ok()?, last.parse().ok()?)));
                    spec.boxes =
                        Some(range.ok_or(format!("boxes takes <first>-<last>, got {value:?}"))?);
                }
                "filter" if value == "seccomp" => spec.filter = true,
                "namespaces" if value == "root" => spec.namespaces = Some(Namespaces::AsRoot),
                "namespaces" if value == "user" => {
                    spec.namespaces = Some(Namespaces::InUserNamespace)
                }
                "cgroup.memory" => memory = Some(PathBuf::from(value)),
                "cgroup.pids" => pids = Some(PathBuf::from(value)),
                "cgroup.cpuacct" => cpuacct = Some(PathBuf::from(value)),
                "cgroup.v2" => spec.cgroup = Some(CgroupBase::V2(PathBuf::from(value))),
                "show" => spec.system.push(PathBuf::from(value)),
                "network" => network = Some(number(key, value)? as RawFd),
                "network.owner" => owner = Some(number(key, value)? as RawFd),
                "probe" if value == "true" => spec.probe = true,
                _ => return Err(format!("unknown {pair:?}")),
            }
        }
        spec.network = network.map(|namespace| Network { namespace, owner });
        if let (Some(memory), Some(pids), Some(cpuacct)) = (memory, pids, cpuacct) {
            spec.cgroup = Some(CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            });
        }
        Ok(spec)
    }
}

/// A run's cgroup, as the core's launcher reads a meter.
struct CgroupMeter<'a>(&'a Cgroup);

impl Meter for CgroupMeter<'_> {
    fn sample(&self) -> (Duration, u64) {
        (self.0.cpu(), self.0.memory_kib())
    }

    fn kill(&self) {
        self.0.kill();
    }

    /// Its peak holds what the end alone would miss.
    fn always_sampled(&self) -> bool {
        true
    }
}

/// The program's start, and the filter installed last.
struct Started {
    start: Start,
    filter: Option<Vec<Filter>>,
}

impl Started {
    /// Its environment and filter, made before the program is known.
    fn ahead(boxed: &BoxSpec) -> io::Result<Started> {
        Ok(Started {
            start: Start::ahead()?,
            filter: boxed.filter.then(seccomp::filter).flatten(),
        })
    }

    /// With `program` as its command line.
    fn program(self, program: &[String]) -> io::Result<Started> {
        Ok(Started {
            start: self.start.program(program)?,
            ..self
        })
    }

    /// The filter, installed last before exec. Async-signal-safe.
    fn install_filter(&self) -> io::Result<()> {
        self.filter.as_deref().map_or(Ok(()), sys::install_filter)
    }
}

/// In a zygote, before it forks a launcher: the view's skeleton
/// (`view::skeleton`), in a mount namespace of the zygote's own that its
/// launchers share and their inits copy. As an ordinary user, inside the
/// user namespace that owns the network, where the user may make one;
/// without it, each init builds its own. The probe first makes the network
/// namespace (`Network::make`) that its launchers, and the runner's other
/// zygotes and launchers, join; then runs `true`.
pub fn prepare_zygote(boxed: &mut BoxSpec) -> io::Result<()> {
    let namespaces = match boxed.namespaces {
        Some(namespaces) => namespaces,
        None => return Ok(()),
    };
    if boxed.probe {
        boxed.network = Some(Network::make(namespaces)?);
    }
    let owned = boxed.network.is_some_and(|network| network.owner.is_some());
    if namespaces == Namespaces::AsRoot || owned {
        if let Some(network) = boxed.network {
            network.enter_owner()?;
        }
        sys::unshare_namespaces(sys::CLONE_NEWNS)?;
        view::skeleton(&boxed.system)?;
    }
    if std::mem::take(&mut boxed.probe) {
        probe(namespaces, boxed)?;
    }
    Ok(())
}

/// The launcher's life: prepares the box `boxed` (the run's cgroup and uid,
/// its namespaces and their init with the view's base), done before the run
/// is asked for; then waits for the run on `channel`, runs it, says how it
/// went (`say`) and takes the box down. Nothing is said when no run came; `Err` when
/// the report could not be written.
pub fn serve(boxed: &BoxSpec, channel: &mut UnixStream) -> io::Result<()> {
    let me = process::id() as i32;
    steps::start();
    let cgroup = match &boxed.cgroup {
        Some(base) => Cgroup::create(base, &format!("judge-{me}")).map(Some),
        None => Ok(None),
    };
    steps::mark("cgroup made");
    let cgroup = match cgroup {
        Ok(cgroup) => cgroup,
        Err(e) => return say(channel, Err(e)),
    };
    let said = (|| {
        // The box's lock is held until the run is over.
        let (_held, user, init) = prepare(boxed, cgroup.as_ref(), channel.as_raw_fd());
        let message = match receive(channel) {
            Ok(Some(message)) => message,
            Ok(None) => {
                sweep(me, &Reaped::default());
                return Ok(());
            }
            Err(e) => return say(channel, Err(e)),
        };
        steps::restart();
        let ran = words(&message).and_then(|words| {
            let (spec, program) = Spec::parse(&words).map_err(io_error)?;
            let give = |(uid, gid): (u32, u32)| -> io::Result<()> {
                for dir in &spec.sight.writable {
                    crate::give(dir, uid, gid)?;
                }
                Ok(())
            };
            let ran = init
                .and_then(|init| {
                    // An init takes the run's stdin itself; without one the
                    // program is the launcher's child, with its stdin.
                    if init.is_none() {
                        if let Some(file) = take_stdin(&spec, channel.as_raw_fd())? {
                            core_sys::use_as_stdin(file)?;
                        }
                    }
                    if let Some(cgroup) = &cgroup {
                        cgroup.limit(spec.memory_kib, spec.processes)?;
                    }
                    user.map_or(Ok(()), give)?;
                    steps::mark("limits set, folders given");
                    run_confined(boxed, &spec, program, cgroup.as_ref(), user, init, &message)
                })
                .map_err(|e| cannot_start(program, e));
            // Given back before the report: the next run may take them.
            if user.is_some() {
                give(sys::ids())?;
                steps::mark("folders given back");
            }
            ran
        });
        let said = say(channel, ran);
        steps::mark("reported");
        sweep(me, &Reaped::default());
        steps::mark("the init reaped");
        said
    })();
    if let Some(cgroup) = &cgroup {
        cgroup.kill();
        cgroup.remove();
        steps::mark("cgroup removed");
    }
    said
}

/// The box's preparation, before the run is asked for. As root, a box of
/// its own: its uid owns the folders it writes in while it runs, and the
/// runner's uid again after; the lock that holds it, its user, and in
/// namespaces their init.
#[allow(clippy::type_complexity)]
fn prepare(
    boxed: &BoxSpec,
    cgroup: Option<&Cgroup>,
    channel: RawFd,
) -> (Option<File>, Option<(u32, u32)>, io::Result<Option<Init>>) {
    match boxed.boxes.map(crate::take_box).transpose() {
        Ok(taken) => {
            steps::mark("box taken");
            let user = taken.as_ref().map(|(uid, _)| (*uid, *uid));
            let init = (|| {
                if let Some(namespaces) = boxed.namespaces {
                    crate::enter_launcher_namespaces(namespaces, boxed.network)?;
                }
                // Only once the user namespace is mapped: mapped by a process
                // that is not dumpable, it let its programs execute nothing.
                sys::forbid_inspection()?;
                steps::mark("network, user and PID namespaces");
                match boxed.namespaces {
                    Some(_) => start_init(boxed, cgroup, user, channel).map(Some),
                    None => Ok(None),
                }
            })();
            (taken.map(|(_, lock)| lock), user, init)
        }
        Err(e) => (None, None, Err(e)),
    }
}

/// What confines a run of `spec` in the box `boxed`: its view, its limits,
/// its user.
fn confinement(
    boxed: &BoxSpec,
    spec: &Spec,
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
) -> Confinement {
    Confinement {
        namespaces: boxed.namespaces,
        shared_network: boxed.network.is_some(),
        system: boxed.system.clone(),
        // With its own user namespace and no cgroup; the launcher counts too.
        processes: spec
            .processes
            .filter(|_| cgroup.is_none() && boxed.namespaces == Some(Namespaces::InUserNamespace))
            .map(|count| u64::from(count) + 1),
        run: spec.clone(),
        user,
    }
}

/// The namespaces' init, forked while the box is prepared: it says how the
/// program ended on `says`, once the run is given to it on `go`.
struct Init {
    pid: i32,
    says: File,
    go: File,
}

fn run_confined(
    boxed: &BoxSpec,
    spec: &Spec,
    program: &[String],
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
    init: Option<Init>,
    message: &[u8],
) -> io::Result<Report> {
    let me = process::id() as i32;
    let start = Instant::now();
    // In namespaces the launcher's child is their init, and the program its
    // child; the init says how the program ended.
    let (pid, init_says) = match init {
        Some(Init { pid, says, mut go }) => {
            // An init that could not prepare has ended and says why.
            let _ = go.write_all(message);
            steps::mark("run handed to the init");
            (pid, Some(says))
        }
        None => (spawn(boxed, spec, program, cgroup, user)?, None),
    };
    let reaped = Reaped::default();
    let (cgroup_meter, tree);
    let meter: &dyn Meter = match cgroup {
        Some(cgroup) => {
            cgroup_meter = CgroupMeter(cgroup);
            &cgroup_meter
        }
        None => {
            tree = Tree {
                me,
                reaped: &reaped,
            };
            &tree
        }
    };
    let said = init_says.as_ref().map(AsFd::as_fd);
    let (status, wall, fired, seen) = watch(spec, pid, said, start, meter, &reaped);
    steps::mark("the run, to its end");
    let word = end_run(pid, status, init_says, cgroup, &reaped)?;
    steps::mark("killed");
    let report = match cgroup {
        Some(cgroup) => Report {
            exit: word.exit,
            wall,
            cpu: cgroup.cpu(),
            peak_kib: cgroup.peak_kib().max(seen.peak_kib),
            stopped_by: fired.or(cgroup.out_of_memory().then_some(StoppedBy::Memory)),
            refused_forks: cgroup.refused_forks(),
        },
        // A tree killed at once leaves some of its time unreaped.
        None => Report {
            exit: word.exit,
            wall,
            cpu: word.cpu.max(seen.cpu),
            peak_kib: word.peak_kib.max(seen.peak_kib),
            stopped_by: fired,
            refused_forks: 0,
        },
    };
    Ok(report)
}

/// Kills all the run started, so that nothing runs past its report: the
/// cgroup; the init, and with it its namespaces (reaped after the report,
/// by `serve`); without namespaces, all left below the launcher. How the
/// run ended: the init's word, or else the program's status (or the
/// init's, killed with it as a limit fired) and what was reaped here.
fn end_run(
    pid: i32,
    status: Option<i32>,
    init_says: Option<File>,
    cgroup: Option<&Cgroup>,
    reaped: &Reaped,
) -> io::Result<Word> {
    if let Some(cgroup) = cgroup {
        cgroup.kill();
    }
    let said = match init_says {
        Some(mut says) => {
            if status.is_none() {
                sys::signal(pid, SIGKILL);
            }
            ended(&mut says)?
        }
        None => {
            sweep(process::id() as i32, reaped);
            None
        }
    };
    if let Some(word) = said {
        return Ok(word);
    }
    let status = match status {
        Some(status) => status,
        None => {
            let child = sys::reap(pid, true)?.ok_or_else(|| io_error(format!("{pid} is lost")))?;
            reaped.add(&child);
            child.status
        }
    };
    Ok(Word {
        exit: Exit::of(ExitStatus::from_raw(status)),
        cpu: reaped.cpu(),
        peak_kib: reaped.peak_kib(),
    })
}

/// Starts the program as the launcher's own child (no namespaces, so no
/// init), confining itself before its exec; its pid.
fn spawn(
    boxed: &BoxSpec,
    spec: &Spec,
    program: &[String],
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
) -> io::Result<i32> {
    let confinement = confinement(boxed, spec, cgroup, user);
    let entry = cgroup.map(Cgroup::entry).transpose()?;
    let started = Started::ahead(boxed)?.program(program)?;
    started.start.spawn(&mut core_sys::spawn, &mut || {
        crate::join_opened(entry.as_ref().map_or(&[], Entry::files))?;
        confinement.enter()?;
        sys::die_with_parent(SIGKILL)?;
        started.install_filter()
    })
}

/// Forks the namespaces' init, which prepares the view's base, waits for the
/// run on its `go` pipe, confines itself for it, starts the program in the
/// run's cgroup (itself out of it), reaps every process until the program
/// ends and says how it ended on its `says` pipe. A program as init would
/// ignore signals it sends itself (`kill -SEGV $$`, `raise`): an init of
/// ours keeps its semantics.
fn start_init(
    boxed: &BoxSpec,
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
    channel: RawFd,
) -> io::Result<Init> {
    let (says_read, says_write) = sys::pipe()?;
    let (go_read, go_write) = sys::pipe()?;
    // SAFETY: the launcher has one thread; the child runs only `init`, which
    // ends in `_exit`.
    match unsafe { sys::fork() }? {
        0 => {
            drop((says_read, go_write));
            init(
                boxed,
                cgroup,
                user,
                File::from(says_write),
                File::from(go_read),
                channel,
            );
            sys::exit_now(0)
        }
        pid => {
            drop((says_write, go_read));
            Ok(Init {
                pid,
                says: File::from(says_read),
                go: File::from(go_write),
            })
        }
    }
}

/// The init's life, in the launcher's forked child: see `start_init`. The
/// run's stdin, where it is a file, it takes from the runner's `channel`.
fn init(
    boxed: &BoxSpec,
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
    mut says: File,
    mut go: File,
    channel: RawFd,
) {
    let result = (|| -> io::Result<Option<Word>> {
        steps::mark("init: forked");
        let shared = boxed.network.is_some();
        let base = Confinement::prepare(boxed.namespaces, shared, &boxed.system)?;
        // Opened while the view's base still shows it.
        let entry = cgroup.map(Cgroup::entry).transpose()?;
        sys::die_with_parent(SIGKILL)?;
        // Not dumpable: the program cannot trace it.
        sys::forbid_inspection()?;
        // What no exec here may grant, before the run: the program only
        // gives up what it holds.
        sys::bound_privileges()?;
        let ahead = Started::ahead(boxed)?;
        let message = match receive(&mut go)? {
            Some(message) => message,
            None => return Ok(None),
        };
        let words = words(&message)?;
        let (spec, program) = Spec::parse(&words).map_err(io_error)?;
        if let Some(file) = take_stdin(&spec, channel)? {
            core_sys::use_as_stdin(file)?;
        }
        steps::restart();
        confinement(boxed, &spec, cgroup, user).enter_view(base)?;
        steps::mark("init: the run's view");
        let program = start_program(&ahead.program(program)?, entry.as_ref(), user)?;
        // The program holds its streams alone: their readers see their end
        // as the program's tree ends, not as the init does.
        sys::close_standard_streams();
        // It runs on without them too.
        sys::drop_bounded_privileges(user)?;
        steps::mark("init: the program started in its cgroup, privileges dropped");
        let reaped = Reaped::default();
        loop {
            match sys::reap(-1, true)? {
                Some(child) => {
                    reaped.add(&child);
                    if child.pid == program {
                        return Ok(Some(Word {
                            exit: Exit::of(ExitStatus::from_raw(child.status)),
                            cpu: reaped.cpu(),
                            peak_kib: reaped.peak_kib(),
                        }));
                    }
                }
                None => return Err(io::Error::new(io::ErrorKind::Other, "program lost")),
            }
        }
    })();
    let line = match result {
        Ok(None) => return,
        Ok(Some(word)) => word.line(),
        Err(e) => format!("error {e}\n"),
    };
    let _ = says.write_all(line.as_bytes());
}

/// In the init, its privileges bounded: starts the program in the run's
/// cgroup through `entry`, where it drops its privileges (to `user`'s, as
/// root) and execs; its pid.
fn start_program(
    started: &Started,
    entry: Option<&Entry>,
    user: Option<(u32, u32)>,
) -> io::Result<i32> {
    // What the child writes `0` into to join the cgroup: nothing where it
    // is born there.
    let join = Cell::new(entry.map_or(&[][..], Entry::files));
    let mut spawn = |child: &mut dyn FnMut() -> io::Error| match entry {
        Some(Entry::Born { folder, procs }) => {
            join.set(&[]);
            // SAFETY: the init has one thread.
            let mut fork = || match unsafe { sys::fork_into(folder.as_raw_fd()) } {
                // Before Linux 5.7: forked, and moved in through `cgroup.procs`.
                Err(_) => {
                    join.set(procs);
                    // SAFETY: as above.
                    unsafe { core_sys::fork() }
                }
                forked => forked,
            };
            // Its program cannot reach the init's descriptors.
            core_sys::start_forked(&mut fork, child)
        }
        _ => core_sys::spawn(child),
    };
    // The child joins, roots a cgroup namespace where it now is, and drops
    // its privileges.
    started.start.spawn(&mut spawn, &mut || {
        crate::join_opened(join.get())?;
        if entry.is_some() {
            sys::hide_cgroup_path();
        }
        sys::drop_bounded_privileges(user)?;
        started.install_filter()
    })
}

/// The init's word on how the run ended: the program's exit, and the CPU
/// time and peak memory of all it reaped (the program and every orphan).
#[derive(Debug, PartialEq)]
struct Word {
    exit: Exit,
    cpu: Duration,
    peak_kib: u64,
}

impl Word {
    fn line(&self) -> String {
        let (kind, number) = match self.exit {
            Exit::Code(code) => ("code", code),
            Exit::Signal(signal) => ("signal", signal),
        };
        let (cpu, peak_kib) = (self.cpu.as_nanos(), self.peak_kib);
        format!("{kind} {number} {cpu} {peak_kib}\n")
    }

    /// `None` for a line that is no word.
    fn parse(line: &str) -> Option<Word> {
        let mut words = line.split_whitespace();
        let (kind, number) = (words.next()?, words.next()?.parse().ok()?);
        let exit = match kind {
            "code" => Exit::Code(number),
            "signal" => Exit::Signal(number),
            _ => return None,
        };
        let cpu = Duration::from_nanos(words.next()?.parse().ok()?);
        let peak_kib = words.next()?.parse().ok()?;
        Some(Word {
            exit,
            cpu,
            peak_kib,
        })
    }
}

/// What the init said: `None` when it said nothing (it was killed with the
/// program); an error when the program could not start.
fn ended(says: &mut File) -> io::Result<Option<Word>> {
    // Its line alone: the init's end is not waited for.
    let mut line = String::new();
    let _ = BufReader::new(says).read_line(&mut line);
    match line.strip_prefix("error ") {
        Some(why) => Err(io::Error::new(io::ErrorKind::Other, why.trim_end())),
        None => Ok(Word::parse(&line)),
    }
}

/// The probe: `true`, confined as a program is, in a launcher's namespaces
/// (a fork's: they are not the zygote's); why it did not run, if it did
/// not.
fn probe(namespaces: Namespaces, boxed: &BoxSpec) -> io::Result<()> {
    let (said, says) = sys::pipe()?;
    // SAFETY: the zygote has one thread; the child ends in `_exit`.
    match unsafe { sys::fork() }? {
        0 => {
            drop(said);
            let why = match run_true(namespaces, boxed) {
                Ok(()) => sys::exit_now(0),
                Err(e) => e.to_string(),
            };
            let _ = File::from(says).write_all(why.as_bytes());
            sys::exit_now(1)
        }
        pid => {
            drop(says);
            let mut why = String::new();
            let _ = File::from(said).read_to_string(&mut why);
            let status = sys::reap(pid, true)?.map_or(0, |child| child.status);
            let status = ExitStatus::from_raw(status);
            if status.success() {
                Ok(())
            } else if why.is_empty() {
                Err(io_error(format!("the probe ended with {status}")))
            } else {
                Err(io_error(why))
            }
        }
    }
}

/// In the probe's fork: enters a launcher's namespaces and runs `true` as a
/// program (as root, in a box of its own).
fn run_true(namespaces: Namespaces, boxed: &BoxSpec) -> io::Result<()> {
    // It dies with the zygote, which the runner may kill (Ctrl-C).
    sys::die_with_parent(SIGKILL)?;
    let taken = boxed.boxes.map(crate::take_box).transpose()?;
    let confinement = Confinement {
        namespaces: Some(namespaces),
        shared_network: boxed.network.is_some(),
        system: boxed.system.clone(),
        processes: None,
        run: Spec {
            sight: Sight {
                fresh_cwd: true,
                scratch_kib: 1024,
                ..Sight::default()
            },
            ..Spec::default()
        },
        user: taken.as_ref().map(|(uid, _)| (*uid, *uid)),
    };
    let filter = boxed.filter.then(seccomp::filter).flatten();
    crate::enter_launcher_namespaces(namespaces, boxed.network)?;
    let (words, words_write) = sys::pipe()?;
    let mut command = Command::new("/bin/true");
    command.stderr(Stdio::from(words_write));
    // SAFETY: the fork has no other thread: the child may allocate; it only
    // sets itself up and execs.
    unsafe {
        command.pre_exec(move || {
            let confined = confinement
                .enter()
                .and_then(|()| filter.as_deref().map_or(Ok(()), sys::install_filter));
            // Only the error's number crosses the exec: its words go first.
            if let Err(e) = &confined {
                eprintln!("{e}");
            }
            confined
        });
    }
    let status = command.spawn().and_then(|mut child| child.wait());
    // Its words, where it could not start, or said anything.
    drop(command);
    let mut said = String::new();
    let _ = File::from(words).read_to_string(&mut said);
    let why = match status {
        Ok(status) if status.success() => return Ok(()),
        Ok(status) => format!("true ended with {status}"),
        Err(e) => e.to_string(),
    };
    Err(io_error(
        said.lines()
            .next()
            .map_or(why, |line| line.trim().to_string()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_spec_goes_whole_through_its_arguments() {
        let network = Network {
            namespace: 5,
            owner: Some(6),
        };
        let spec = BoxSpec {
            namespaces: Some(Namespaces::InUserNamespace),
            cgroup: Some(CgroupBase::V2(PathBuf::from("/sys/fs/cgroup/u"))),
            boxes: Some((60000, 60999)),
            filter: true,
            system: vec![PathBuf::from("/usr"), PathBuf::from("/etc/passwd")],
            network: Some(network),
            probe: true,
        };
        let args: Vec<String> = spec
            .args()
            .into_iter()
            .map(|arg| arg.into_string().unwrap())
            .collect();
        assert_eq!(BoxSpec::parse(&args), Ok(spec));
    }

    #[test]
    fn an_inits_word_goes_whole_through_its_line() {
        for exit in [Exit::Code(0), Exit::Code(-1), Exit::Signal(11)] {
            let word = Word {
                exit,
                cpu: Duration::from_nanos(1_234_567),
                peak_kib: 4096,
            };
            assert_eq!(Word::parse(&word.line()), Some(word));
        }
        assert_eq!(Word::parse(""), None);
        assert_eq!(Word::parse("code 0"), None);
    }
}
