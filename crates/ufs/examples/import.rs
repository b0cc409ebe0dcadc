//! Writes our card file for an OCTGN set file: `import FILE.xml PREFIX > out.cards`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read the set file");
    let imported = crossover_ufs::import::import_set(&text, &args[2]).expect("a set file");
    print!("{}", imported.card_file);
    eprintln!(
        "{}: {} whole, {} with abilities missing, {} refused",
        imported.set_name,
        imported.compiled,
        imported.incomplete.len(),
        imported.refused.len()
    );
    for (name, line, why) in &imported.refused {
        eprintln!("  refused {name} (line {line}): {why}");
    }
}
