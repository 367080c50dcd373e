//! How bench results read: one aligned line per size as it is measured, and
//! the same tables as Markdown under a line naming the machine and the date.

use super::{Brute, Row};
use std::fs;
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const COLUMNS: [&str; 14] = [
    "series", "size", "input", "output", "median", "min", "memory", "size ×", "time ×", "floor",
    "× floor", "brute", "speedup", "limits",
];
/// Text widths; the first column is left-aligned, the numbers right-aligned.
const WIDTHS: [usize; 14] = [9, 9, 10, 10, 10, 10, 10, 7, 7, 10, 8, 9, 8, 18];

/// One measured size, as the plot needs it.
pub struct Point {
    pub series: String,
    pub size: u64,
    pub median: Duration,
    pub floor: Duration,
}

/// One problem's results.
pub struct Table {
    pub heading: String,
    rows: Vec<Vec<String>>,
    pub points: Vec<Point>,
    /// Why the brute force stopped early, and the like: shown, not failing.
    pub notes: Vec<String>,
    /// A solution that did not finish cleanly: the bench fails.
    pub failures: Vec<String>,
}

impl Table {
    /// Whether no size was measured.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty() && self.failures.is_empty()
    }

    pub fn new(id: &str, title: &str) -> Table {
        Table {
            heading: if title.is_empty() {
                id.to_string()
            } else {
                format!("{id}: {title}")
            },
            rows: Vec::new(),
            points: Vec::new(),
            notes: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// The heading and column names, as printed before the first row.
    pub fn text_header(&self) -> String {
        format!(
            "{}\n{}",
            self.heading,
            text_line(&COLUMNS.map(String::from))
        )
    }

    /// Keeps the row and returns it as a printed line.
    pub fn push(&mut self, row: &Row) -> String {
        let cells = cells(row);
        let line = text_line(&cells);
        self.rows.push(cells);
        self.points.push(Point {
            series: row.series.clone(),
            size: row.size,
            median: row.solution.median,
            floor: row.floor.median,
        });
        line
    }

    fn markdown(&self) -> String {
        let mut text = format!("## {}\n\n| {} |\n", self.heading, COLUMNS.join(" | "));
        let rules: Vec<&str> = (0..COLUMNS.len())
            .map(|i| if i == 0 { "---" } else { "---:" })
            .collect();
        text += &format!("| {} |\n", rules.join(" | "));
        for row in &self.rows {
            text += &format!("| {} |\n", row.join(" | "));
        }
        for note in &self.notes {
            text += &format!("\n{note}\n");
        }
        for failure in &self.failures {
            text += &format!("\n**failed**: {failure}\n");
        }
        text
    }
}

/// The whole `target/bench.md`.
pub fn document(tables: &[Table], runner_cost: &str, smoke: bool) -> String {
    let mut text = format!(
        "# Benchmarks\n\n{}, {}.\n\n{runner_cost}.\n\nGrowth on log-log axes, with the I/O floor and \
         O(n), O(n²) slopes: [bench.svg](bench.svg)\n\n![median time against input size](bench.svg)\n",
        machine(),
        today()
    );
    if smoke {
        text += "\nSmoke run (`judge bench --smoke`): one run of each series' smallest \
                 size, no brute force; it proves the bench works, its times mean nothing.\n";
    }
    for table in tables {
        text += "\n";
        text += &table.markdown();
    }
    text
}

fn text_line(cells: &[String]) -> String {
    let mut line = String::new();
    for (i, (cell, width)) in cells.iter().zip(WIDTHS).enumerate() {
        if i == 0 {
            line += &format!("{cell:<width$}");
        } else {
            line += &format!(" {cell:>width$}");
        }
    }
    line
}

fn cells(row: &Row) -> Vec<String> {
    let (size_growth, time_growth) = match row.growth {
        Some((size, time)) => (ratio(size), ratio(time)),
        None => ("-".into(), "-".into()),
    };
    let median = row.solution.median.as_secs_f64();
    let (brute, speedup) = match &row.brute {
        Brute::Skipped => ("-".into(), "-".into()),
        Brute::Finished(wall) => (duration(*wall), ratio(wall.as_secs_f64() / median)),
        Brute::TimedOut(limit) => (format!(">{}", duration(*limit)), "-".into()),
        Brute::Failed(_) => ("gave up".into(), "-".into()),
    };
    vec![
        row.series.clone(),
        row.size.to_string(),
        bytes(row.input_bytes),
        bytes(row.solution.output_bytes as u64),
        duration(row.solution.median),
        duration(row.solution.min),
        row.solution
            .peak_kib
            .map_or("-".into(), |kib| bytes(kib * 1024)),
        size_growth,
        time_growth,
        duration(row.floor.median),
        ratio(median / row.floor.median.as_secs_f64()),
        brute,
        speedup,
        limits(row),
    ]
}

/// `within`, or what passes the problem's limits: `over: time, memory`.
fn limits(row: &Row) -> String {
    if row.over.is_empty() {
        return "within".into();
    }
    let over: Vec<&str> = row.over.iter().map(|(what, _)| *what).collect();
    format!("over: {}", over.join(", "))
}

fn duration(wall: Duration) -> String {
    let ms = wall.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

fn bytes(count: u64) -> String {
    const KIB: f64 = 1024.0;
    let n = count as f64;
    if count < 1024 {
        format!("{count} B")
    } else if n < KIB * KIB {
        format!("{:.1} KiB", n / KIB)
    } else {
        format!("{:.1} MiB", n / KIB / KIB)
    }
}

fn ratio(value: f64) -> String {
    if !value.is_finite() {
        "-".into()
    } else if value < 100.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.0}")
    }
}

/// CPU model, logical core count and compiler, the things timings depend on.
fn machine() -> String {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map_or("unknown CPU", |(_, name)| name.trim());
    // Without /proc (macOS), the cores this process may use.
    let cores = match cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count()
    {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        cores => cores,
    };
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map_or("rustc unknown".into(), |o| {
            String::from_utf8_lossy(&o.stdout).trim().to_string()
        });
    format!("{model}, {cores} cores, {rustc}")
}

/// Today's UTC date as `YYYY-MM-DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_units_read_naturally() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_000), (2024, 10, 4));
        assert_eq!(duration(Duration::from_micros(1234)), "1.23 ms");
        assert_eq!(duration(Duration::from_millis(250)), "250.0 ms");
        assert_eq!(duration(Duration::from_millis(2500)), "2.50 s");
        assert_eq!(bytes(100), "100 B");
        assert_eq!(bytes(10_000_001), "9.5 MiB");
        assert_eq!(ratio(9.84), "9.8");
        assert_eq!(ratio(1234.0), "1234");
    }
}
