//! Writes our card file for an OCTGN set file: `import FILE.xml PREFIX > out.cards`;
//! the counts and the reasons, grouped, go to standard error.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(file), Some(prefix)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: import FILE.xml PREFIX > out.cards");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            std::process::exit(1);
        }
    };
    let imported = match crossover_ufs::import::import_set(&text, prefix) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("{file}:{}: {}", e.line, e.message);
            std::process::exit(1);
        }
    };
    print!("{}", imported.card_file);
    eprintln!(
        "{}: {} whole ({} with abilities), {} facts only, {} refused",
        imported.set_name,
        imported.compiled,
        imported.compiled_with_abilities,
        imported.incomplete.len(),
        imported.refused.len()
    );
    for (why, n) in imported.incomplete_reasons() {
        eprintln!("  {n:>4} facts only: {why}");
    }
    for (why, n) in imported.refused_reasons() {
        eprintln!("  {n:>4} refused: {why}");
    }
}
