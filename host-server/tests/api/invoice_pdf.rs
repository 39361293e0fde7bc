//! Invoice PDFs from the real PDF library: every letter of the cultures survives (read back with
//! a PDF text extractor), an invoice longer than a page continues on the next with its table
//! header and page numbers, and the fonts are embedded as subsets.

use host_server::platform::pdf::{Invoice, InvoiceLine, invoice};

const NAMES: [&str; 3] = ["Łukasz Wójcik", "Dvořák", "Õun Jüri Šõmmi"];

fn sixty_lines() -> Invoice {
    let lines = (1..=60)
        .map(|number| InvoiceLine {
            quantity: number % 4 + 1,
            description: format!("Artikel {number:02} Žitná směs Łąka Õunapuu"),
            unit_price: format!("€ {number}.95"),
            vat_rate: if number % 2 == 0 { "9%" } else { "21%" }.to_owned(),
            amount: format!("€ {}.{:02}", number * 3, number),
        })
        .collect();
    Invoice {
        language: "nl".to_owned(),
        title: "Factuur F2026-01001".to_owned(),
        brand: "Hoefslag".to_owned(),
        brand_color: [0x2e, 0x85, 0x40],
        seller: vec![
            "Hoefslag Diervoeders B.V.".to_owned(),
            "Stalweg 12".to_owned(),
            "3771 AB Barneveld".to_owned(),
        ],
        seller_numbers: vec!["Btw-nummer NL862447915B01".to_owned(), "KvK 71234567".to_owned()],
        buyer: vec![
            NAMES[0].to_owned(),
            format!("{} Stáje s.r.o.", NAMES[1]),
            format!("c/o {}", NAMES[2]),
            "ul. Długa 5".to_owned(),
            "Btw-nummer klant: PL5260250995".to_owned(),
        ],
        facts: vec![
            ("Factuurnummer".to_owned(), "F2026-01001".to_owned()),
            ("Factuurdatum".to_owned(), "2026-11-24".to_owned()),
            ("Bestelnummer".to_owned(), "HS-2026-001001".to_owned()),
        ],
        columns: ["Aantal", "Omschrijving", "Prijs per stuk", "Btw", "Bedrag"].map(str::to_owned),
        lines,
        totals: vec![
            ("Totaal excl. btw".to_owned(), "€ 5490.00".to_owned(), false),
            ("Btw laag tarief (9%)".to_owned(), "€ 0.00".to_owned(), false),
            ("Totaal".to_owned(), "€ 5490.00".to_owned(), true),
        ],
        notes: vec!["Btw verlegd: de btw wordt verlegd naar de afnemer (artikel 196 Btw-richtlijn 2006/112/EG).".to_owned()],
        page_label: "Pagina {{page}} van {{pages}}".to_owned(),
    }
}

/// The text of the PDF, with runs of white space made single spaces.
fn text_of(bytes: &[u8]) -> String {
    let text = pdf_extract::extract_text_from_mem(bytes).expect("the PDF's text");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn names_of_every_culture_and_sixty_lines_read_back_from_several_pages() {
    let bytes = invoice(&sixty_lines()).unwrap();
    assert!(bytes.starts_with(b"%PDF-1."));
    let text = text_of(&bytes);
    for name in NAMES {
        assert!(text.contains(name), "{name} in {text}");
    }
    assert!(
        text.contains("ul. Długa 5") && text.contains("Stáje s.r.o."),
        "{text}"
    );
    for number in 1..=60 {
        let line = format!("Artikel {number:02} Žitná směs Łąka Õunapuu");
        assert!(text.contains(&line), "{line} in {text}");
        let amount = format!("€ {}.{:02}", number * 3, number);
        assert!(text.contains(&amount), "{amount}");
    }
    let document = lopdf::Document::load_mem(&bytes).unwrap();
    let pages = document.get_pages().len();
    assert!(pages > 1, "60 lines take more than one page, not {pages}");
    for page in 1..=pages {
        assert!(
            text.contains(&format!("Pagina {page} van {pages}")),
            "page {page} of {pages}"
        );
    }
    assert_eq!(
        text.matches("Prijs per stuk").count(),
        pages,
        "the table header on every page"
    );
    assert_eq!(
        text.matches("Btw-nummer NL862447915B01").count(),
        pages,
        "the seller's numbers in every footer"
    );
    assert!(
        text.contains("Factuur F2026-01001")
            && text.contains("Totaal € 5490.00")
            && text.contains("Btw verlegd")
    );
}

#[test]
fn the_fonts_are_embedded_as_subsets() {
    let bytes = invoice(&sixty_lines()).unwrap();
    let document = lopdf::Document::load_mem(&bytes).unwrap();
    let mut fonts = Vec::new();
    for object in document.objects.values() {
        if let Ok(dictionary) = object.as_dict() {
            if dictionary.get(b"FontFile2").is_ok() {
                let name = dictionary
                    .get(b"FontName")
                    .and_then(|name| name.as_name())
                    .unwrap();
                fonts.push(String::from_utf8_lossy(name).into_owned());
            }
        }
    }
    fonts.sort();
    assert_eq!(fonts.len(), 2, "{fonts:?}");
    for (font, family) in fonts.iter().zip(["DejaVuSans", "DejaVuSans-Bold"]) {
        let (tag, name) = font.split_once('+').expect("a subset tag");
        assert!(
            tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
            "{font}"
        );
        assert_eq!(name, family);
    }
    // The two fonts are 1.4 MB; their subsets are a small part of that.
    assert!(bytes.len() < 150_000, "{} bytes", bytes.len());
}
