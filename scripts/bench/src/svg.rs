//! `target/bench.svg`: one log-log plot per problem, the median time against
//! the input size, a solid curve per series with its I/O floor dashed in the
//! same colour, and grey reference slopes for O(n) and O(n²) drawn from each
//! series' first point, so growth reads at a glance: a curve parallel to O(n)
//! is linear.

use super::table::{Point, Table};

const WIDTH: f64 = 760.0;
const PANEL_HEIGHT: f64 = 400.0;
const LEFT: f64 = 80.0;
/// Room for the legend.
const RIGHT: f64 = 190.0;
const TOP: f64 = 44.0;
const BOTTOM: f64 = 56.0;
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
];

/// The whole SVG document: the problems' plots stacked.
pub fn document(tables: &[Table]) -> String {
    let plotted: Vec<&Table> = tables.iter().filter(|t| !t.points.is_empty()).collect();
    let height = PANEL_HEIGHT * plotted.len().max(1) as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"white\"/>\n"
    );
    if plotted.is_empty() {
        svg += "<text x=\"20\" y=\"40\">no bench results</text>\n";
    }
    for (index, table) in plotted.iter().enumerate() {
        svg += &panel(table, index as f64 * PANEL_HEIGHT);
    }
    svg += "</svg>\n";
    svg
}

/// Decades (powers of ten) spanning the values, at least one wide.
struct Axis {
    low: f64,
    high: f64,
}

impl Axis {
    fn spanning(values: impl Iterator<Item = f64>) -> Axis {
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v.log10()), hi.max(v.log10()))
        });
        let (low, high) = (low.floor(), high.ceil());
        Axis {
            low,
            high: if high > low { high } else { low + 1.0 },
        }
    }

    /// Where `log` falls, from 0 at `low` to 1 at `high`.
    fn fraction(&self, log: f64) -> f64 {
        (log - self.low) / (self.high - self.low)
    }

    fn decades(&self) -> impl Iterator<Item = i32> {
        self.low as i32..=self.high as i32
    }
}

/// The point's median and floor.
fn milliseconds(point: &Point) -> [f64; 2] {
    let ms = |d: std::time::Duration| (d.as_secs_f64() * 1000.0).max(1e-3);
    [ms(point.median), ms(point.floor)]
}

fn panel(table: &Table, offset: f64) -> String {
    let plot = Plot {
        offset,
        x_axis: Axis::spanning(table.points.iter().map(|p| p.size as f64)),
        y_axis: Axis::spanning(table.points.iter().flat_map(milliseconds)),
    };
    let mut svg = plot.frame(&table.heading);
    let mut names: Vec<&str> = Vec::new();
    for point in &table.points {
        if !names.contains(&point.series.as_str()) {
            names.push(&point.series);
        }
    }
    for (index, name) in names.iter().enumerate() {
        let points: Vec<&Point> = table.points.iter().filter(|p| p.series == *name).collect();
        svg += &plot.references(points[0]);
        svg += &plot.series(index, name, &points);
    }
    let notes_y = offset + TOP + 20.0 + 20.0 * names.len() as f64;
    svg += &format!(
        "<text x=\"{0:.1}\" y=\"{1:.1}\" fill=\"#555\">dashed: its I/O floor</text>\n\
         <text x=\"{0:.1}\" y=\"{2:.1}\" fill=\"#555\">dotted grey: O(n), O(n²)</text>\n</g>\n",
        WIDTH - RIGHT + 16.0,
        notes_y,
        notes_y + 18.0
    );
    svg
}

const PLOT_WIDTH: f64 = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT: f64 = PANEL_HEIGHT - TOP - BOTTOM;

/// One problem's plot: its axes, `offset` down the document.
struct Plot {
    offset: f64,
    x_axis: Axis,
    y_axis: Axis,
}

impl Plot {
    fn x(&self, log: f64) -> f64 {
        LEFT + self.x_axis.fraction(log) * PLOT_WIDTH
    }

    fn y(&self, log: f64) -> f64 {
        self.offset + TOP + (1.0 - self.y_axis.fraction(log)) * PLOT_HEIGHT
    }

    /// The heading, the frame, the decades' grid lines and the axes' titles.
    fn frame(&self, heading: &str) -> String {
        let (x_axis, y_axis, top) = (&self.x_axis, &self.y_axis, self.offset + TOP);
        let mut svg = format!(
            "<g class=\"problem\">\n<text x=\"{LEFT}\" y=\"{:.1}\" font-size=\"15\" font-weight=\"bold\">{}</text>\n\
             <rect x=\"{LEFT}\" y=\"{top:.1}\" width=\"{PLOT_WIDTH:.1}\" height=\"{PLOT_HEIGHT:.1}\" \
             fill=\"none\" stroke=\"#444\"/>\n",
            top - 16.0,
            escape(heading)
        );
        for decade in x_axis.decades() {
            let at = self.x(f64::from(decade));
            svg += &format!(
                "<line x1=\"{at:.1}\" y1=\"{:.1}\" x2=\"{at:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\n\
                 <text x=\"{at:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
                self.y(y_axis.low),
                self.y(y_axis.high),
                self.y(y_axis.low) + 16.0,
                size_label(decade)
            );
        }
        for decade in y_axis.decades() {
            let at = self.y(f64::from(decade));
            svg += &format!(
                "<line x1=\"{:.1}\" y1=\"{at:.1}\" x2=\"{:.1}\" y2=\"{at:.1}\" stroke=\"#ddd\"/>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
                self.x(x_axis.low),
                self.x(x_axis.high),
                self.x(x_axis.low) - 6.0,
                at + 4.0,
                time_label(decade)
            );
        }
        svg + &format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">input size</text>\n\
             <text x=\"16\" y=\"{2:.1}\" transform=\"rotate(-90 16 {2:.1})\" text-anchor=\"middle\">median time (log scale)</text>\n",
            LEFT + PLOT_WIDTH / 2.0,
            self.offset + PANEL_HEIGHT - 14.0,
            top + PLOT_HEIGHT / 2.0,
        )
    }

    /// The O(n) and O(n²) slopes from `start`, cut at the frame's top.
    fn references(&self, start: &Point) -> String {
        let (start_x, start_y) = ((start.size as f64).log10(), milliseconds(start)[0].log10());
        let slopes = [(1.0, "O(n)"), (2.0, "O(n²)")];
        slopes.map(|(slope, label)| {
            let mut end_x = self.x_axis.high;
            let mut end_y = start_y + slope * (end_x - start_x);
            if end_y > self.y_axis.high {
                end_x = start_x + (self.y_axis.high - start_y) / slope;
                end_y = self.y_axis.high;
            }
            // Labelled inside the frame: below the top edge, or left of the right one.
            let (label_x, label_y, anchor) = if end_y < self.y_axis.high {
                (self.x(end_x) - 4.0, self.y(end_y) - 6.0, "end")
            } else {
                (self.x(end_x) + 4.0, self.y(end_y) + 12.0, "start")
            };
            format!(
                "<line class=\"reference\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                 stroke=\"#999\" stroke-dasharray=\"2 4\"/>\n\
                 <text x=\"{label_x:.1}\" y=\"{label_y:.1}\" text-anchor=\"{anchor}\" fill=\"#777\">{label}</text>\n",
                self.x(start_x),
                self.y(start_y),
                self.x(end_x),
                self.y(end_y),
            )
        })
        .concat()
    }

    /// The `index`th series: its curve, its floor's, its points and its
    /// line in the legend.
    fn series(&self, index: usize, name: &str, points: &[&Point]) -> String {
        let colour = COLOURS[index % COLOURS.len()];
        let at = |p: &Point, ms: f64| (self.x((p.size as f64).log10()), self.y(ms.log10()));
        let line = |time: fn(&Point) -> f64| {
            let at = points.iter().map(|p| at(p, time(p)));
            at.map(|(x, y)| format!("{x:.1},{y:.1}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut svg = format!(
            "<polyline class=\"series\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>\n\
             <polyline class=\"floor\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-dasharray=\"6 4\"/>\n",
            line(|p| milliseconds(p)[0]),
            line(|p| milliseconds(p)[1])
        );
        for p in points {
            let (x, y) = at(p, milliseconds(p)[0]);
            svg += &format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"{colour}\"/>\n");
        }
        let legend_y = self.offset + TOP + 10.0 + 20.0 * index as f64;
        let legend_x = WIDTH - RIGHT + 16.0;
        svg + &format!(
            "<line x1=\"{legend_x:.1}\" y1=\"{legend_y:.1}\" x2=\"{:.1}\" y2=\"{legend_y:.1}\" \
             stroke=\"{colour}\" stroke-width=\"2\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\">{}</text>\n",
            legend_x + 24.0,
            legend_x + 30.0,
            legend_y + 4.0,
            escape(name)
        )
    }
}

fn size_label(decade: i32) -> String {
    match decade {
        d if d < 0 => format!("1e{d}"),
        0..=2 => 10u64.pow(decade as u32).to_string(),
        3..=5 => format!("{}k", 10u64.pow(decade as u32 - 3)),
        6..=8 => format!("{}M", 10u64.pow(decade as u32 - 6)),
        _ => format!("1e{decade}"),
    }
}

fn time_label(decade: i32) -> String {
    match decade {
        d if d < 0 => format!("{} ms", 10f64.powi(d)),
        0..=2 => format!("{} ms", 10u64.pow(decade as u32)),
        _ => format!("{} s", 10u64.pow(decade as u32 - 3)),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn point(series: &str, size: u64, median_us: u64) -> Point {
        Point {
            series: series.into(),
            size,
            median: Duration::from_micros(median_us),
            floor: Duration::from_micros(median_us / 3 + 1),
        }
    }

    /// The element names in document order, checking that every tag closes
    /// in order and every attribute's quotes pair up; panics otherwise.
    fn elements(svg: &str) -> Vec<String> {
        let mut open: Vec<String> = Vec::new();
        let mut seen = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("a tag that never ends") + start;
            let tag = &rest[start + 1..end];
            assert_eq!(tag.matches('"').count() % 2, 0, "unpaired quote in <{tag}>");
            assert!(!tag.contains('<'), "'<' inside <{tag}>");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop().as_deref(), Some(name), "misnested </{name}>");
            } else {
                let name: String = tag.chars().take_while(|c| c.is_alphanumeric()).collect();
                assert!(!name.is_empty(), "no element name in <{tag}>");
                seen.push(tag.to_string());
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            let text = &rest[end + 1..];
            let next = text.find('<').unwrap_or(text.len());
            assert!(!text[..next].contains('>'), "a stray '>' after <{tag}>");
            rest = text;
        }
        assert!(open.is_empty(), "never closed: {open:?}");
        seen
    }

    #[test]
    fn one_well_formed_plot_with_a_curve_per_series() {
        let mut first = Table::new("lc294", "Flip <Game> & \"II\"");
        first.points = vec![
            point("line", 1000, 1200),
            point("line", 10_000, 1500),
            point("line", 10_000_000, 45_000),
            point("lines60", 100_000, 32_000),
        ];
        let mut second = Table::new("poj3688", "");
        second.points = vec![point("cases", 1, 2500), point("cases", 20, 42_000)];
        let empty = Table::new("broken", "");
        let svg = document(&[first, second, empty]);
        let elements = elements(&svg);
        assert!(elements[0].starts_with("svg xmlns=\"http://www.w3.org/2000/svg\""));
        let count = |prefix: &str| elements.iter().filter(|e| e.starts_with(prefix)).count();
        assert_eq!(count("polyline class=\"series\""), 3, "{svg}");
        assert_eq!(count("polyline class=\"floor\""), 3, "{svg}");
        assert_eq!(count("line class=\"reference\""), 6, "{svg}");
        assert_eq!(count("circle"), 6, "{svg}");
        assert_eq!(count("g class=\"problem\""), 2, "{svg}");
        assert!(svg.contains("lc294: Flip &lt;Game&gt; &amp; &quot;II&quot;"));
        assert!(svg.contains(">10M</text>") && svg.contains(">100 ms</text>"));
    }

    #[test]
    fn axis_labels_read_as_sizes_and_times() {
        assert_eq!(size_label(0), "1");
        assert_eq!(size_label(4), "10k");
        assert_eq!(size_label(7), "10M");
        assert_eq!(time_label(-1), "0.1 ms");
        assert_eq!(time_label(2), "100 ms");
        assert_eq!(time_label(4), "10 s");
        let axis = Axis::spanning([100.0, 100.0].into_iter());
        assert_eq!((axis.low, axis.high), (2.0, 3.0));
    }
}
