//! `make bench`'s stress line: `judge stress` against a shell loop doing
//! the same work for the same seeds (the generator, the solution and the
//! brute force on each, `cmp`), at one job and at two.

use super::{judged, median};
use judge_core::problem::workspace::Workspace;
use judge_core::process::sys;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Instant;

/// The loop over seeds `$4` to `$5` at size `$6`, with the generator `$1`,
/// the solution `$2` and the brute force `$3`.
const LOOP: &str = r#"d=$(mktemp -d) || exit 2; i=$4
while [ "$i" -le "$5" ]; do
  "$1" "$i" "$6" > "$d/in" && "$2" < "$d/in" > "$d/a" && "$3" < "$d/in" > "$d/b" &&
    cmp -s "$d/a" "$d/b" || { rm -r "$d"; exit 1; }
  i=$((i + 1))
done
rm -r "$d""#;

const SIZE: u64 = 10;

/// The line, for the first of `ids` built with a generator and a brute
/// force and judged by bytes.
pub fn cost(judge: &Path, workspace: &Workspace, ids: &[String], smoke: bool) -> String {
    let found = ids.iter().find_map(|id| {
        let problem = workspace.problem(id).ok()?;
        let config = &problem.config;
        if config.checker.is_some() || config.interactor.is_some() {
            return None;
        }
        let built = |name: String| workspace.built(&name).ok();
        Some((
            id,
            [
                built(format!("{id}-gen"))?,
                built(id.clone())?,
                built(format!("{id}-brute"))?,
            ],
        ))
    });
    let (id, programs) = match found {
        Some(found) => found,
        None => return "stress: no problem benched has a generator and a brute force".into(),
    };
    let (count, pairs) = if smoke { (20, 1) } else { (200, 3) };
    let mut parts = Vec::new();
    for jobs in [1, 2] {
        match pair(judge, workspace, id, &programs, count, jobs, pairs) {
            Ok([stress, shell]) => parts.push(format!(
                "{jobs} job{} {:.2} s (CPU {:.2} s), the loop {:.2} s ({:.2} s): {:.2}×",
                if jobs == 1 { "" } else { "s" },
                stress.wall,
                stress.cpu,
                shell.wall,
                shell.cpu,
                stress.wall / shell.wall.max(1e-9)
            )),
            Err(why) => return format!("stress: {why}"),
        }
    }
    format!(
        "stress: judge stress {id} --count {count} --size {SIZE} against a shell loop of \
         gen | sol, gen | brute, cmp: {} (medians of {pairs})",
        parts.join("; ")
    )
}

/// A command's time: its wall time, and the CPU time of all its processes
/// (the kernel's own threads aside), in seconds.
struct Took {
    wall: f64,
    cpu: f64,
}

/// The medians of `pairs` runs in turn of `judge stress` and of the loop
/// (split among `jobs` loops at once).
fn pair(
    judge: &Path,
    workspace: &Workspace,
    id: &str,
    programs: &[PathBuf; 3],
    count: u64,
    jobs: u64,
    pairs: usize,
) -> Result<[Took; 2], String> {
    let (mut stress, mut shell) = (Vec::new(), Vec::new());
    for _ in 0..pairs {
        let mut stressed = judged(judge, workspace, "stress");
        stressed.arg(id);
        for (flag, value) in [
            ("--count", count),
            ("--seed", 1),
            ("--size", SIZE),
            ("--jobs", jobs),
        ] {
            stressed.arg(flag).arg(value.to_string());
        }
        stress.push(timed(&mut stressed, "judge stress")?);
        let per = (count + jobs - 1) / jobs;
        let mut script = String::new();
        for first in (1..=count).step_by(per as usize) {
            let last = (first + per - 1).min(count);
            script += &format!("sh -c '{LOOP}' sh \"$@\" {first} {last} {SIZE} & p=\"$p $!\"; ");
        }
        script += "for q in $p; do wait $q || exit 1; done";
        let mut looped = Command::new("sh");
        looped.arg("-c").arg(script).arg("sh").args(programs);
        shell.push(timed(&mut looped, "the shell loop")?);
    }
    Ok([stress, shell].map(|runs: Vec<Took>| {
        let mut wall: Vec<f64> = runs.iter().map(|run| run.wall).collect();
        let mut cpu: Vec<f64> = runs.iter().map(|run| run.cpu).collect();
        Took {
            wall: median(&mut wall),
            cpu: median(&mut cpu),
        }
    }))
}

/// How long `command` took; why it failed, else. Its processes' CPU time
/// is what it reaped, and what they reaped (`sys::reap`).
fn timed(command: &mut Command, what: &str) -> Result<Took, String> {
    let start = Instant::now();
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let reaped = sys::reap(child.id() as i32, true)
        .ok()
        .flatten()
        .ok_or_else(|| format!("{what} was lost"))?;
    if reaped.status != 0 {
        return Err(format!(
            "{what} failed ({})",
            ExitStatus::from_raw(reaped.status)
        ));
    }
    Ok(Took {
        wall: start.elapsed().as_secs_f64(),
        cpu: reaped.cpu.as_secs_f64(),
    })
}
