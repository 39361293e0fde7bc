//! Invoice PDFs, written with krilla (the PDF library typst uses): A4 pages in DejaVu Sans
//! (`host-server/assets/fonts/`, Bitstream Vera licence), embedded as subsets of the glyphs
//! used, with a ToUnicode map so the text can be searched and copied. Every letter of the
//! shop's fifteen cultures renders (Polish ł, Czech ř, Estonian õ, ...).
//!
//! An invoice takes as many pages as its lines need; every page repeats the brand, the table
//! header and the footer with the seller's registration numbers and "page x of y". What the
//! document says (labels, amounts already formatted from the stored `Money`) comes from the
//! caller; this module only lays it out.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};

const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// A4 in PostScript points.
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const LEFT: f32 = 50.0;
const RIGHT: f32 = PAGE_WIDTH - 50.0;
/// Lowest baseline of the table and totals; the footer is below it.
const BOTTOM: f32 = PAGE_HEIGHT - 80.0;
const FOOTER: f32 = PAGE_HEIGHT - 40.0;
const BODY: f32 = 9.5;
const ROW: f32 = 13.5;

/// Right edges (or the left edge of the description) of the table's columns.
const QUANTITY_RIGHT: f32 = LEFT + 34.0;
const DESCRIPTION_LEFT: f32 = LEFT + 44.0;
const DESCRIPTION_WIDTH: f32 = 250.0;
const UNIT_PRICE_RIGHT: f32 = 420.0;
const VAT_RIGHT: f32 = 468.0;
const AMOUNT_RIGHT: f32 = RIGHT;

/// One invoice line; amounts and rate arrive formatted.
#[derive(Clone, Debug)]
pub struct InvoiceLine {
    pub quantity: i64,
    pub description: String,
    pub unit_price: String,
    /// `9%`, `21%`.
    pub vat_rate: String,
    pub amount: String,
}

/// What an invoice shows, every text in the customer's language.
#[derive(Clone, Debug)]
pub struct Invoice {
    /// The document language (`nl`), for the PDF's metadata.
    pub language: String,
    /// `Factuur F2026-01001`.
    pub title: String,
    /// The brand's name, set in its colour (there is no logo image yet).
    pub brand: String,
    pub brand_color: [u8; 3],
    /// The seller's name and address, one line each.
    pub seller: Vec<String>,
    /// The seller's VAT and chamber-of-commerce numbers, with their labels.
    pub seller_numbers: Vec<String>,
    /// The buyer's name, company and address, and the business customer's VAT number.
    pub buyer: Vec<String>,
    /// Label and value: invoice number, invoice date, order number, status.
    pub facts: Vec<(String, String)>,
    /// Headers of quantity, description, unit price, VAT rate, amount.
    pub columns: [String; 5],
    pub lines: Vec<InvoiceLine>,
    /// Label, amount and whether it is a grand total (bold).
    pub totals: Vec<(String, String, bool)>,
    /// Notes under the totals, such as the reverse-charge note.
    pub notes: Vec<String>,
    /// `Pagina {page} van {pages}`.
    pub page_label: String,
}

/// Why a PDF could not be written (a problem of the bundled font, never of the invoice).
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The bundled font could not be read.
    #[error("the bundled font cannot be read")]
    Font,
    /// krilla refused the document.
    #[error("PDF: {0:?}")]
    Write(krilla::error::KrillaError),
}

/// A font for drawing (krilla) and measuring (skrifa).
struct Face {
    font: Font,
    data: &'static [u8],
}

impl Face {
    fn new(data: &'static [u8]) -> Result<Face, PdfError> {
        let font = Font::new(data.to_vec().into(), 0).ok_or(PdfError::Font)?;
        skrifa::FontRef::new(data).map_err(|_| PdfError::Font)?;
        Ok(Face { font, data })
    }

    /// The advance width of `text` at `size` points.
    fn width(&self, text: &str, size: f32) -> f32 {
        let Ok(font) = skrifa::FontRef::new(self.data) else {
            return 0.0;
        };
        let charmap = font.charmap();
        let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
        text.chars()
            .filter_map(|c| charmap.map(c))
            .filter_map(|glyph| metrics.advance_width(glyph))
            .sum()
    }

    /// `text` broken into lines of at most `width` points (a word longer than a line is
    /// broken between letters).
    fn wrap(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if self.width(&candidate, size) <= width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                line.push(c);
                if self.width(&line, size) > width {
                    line.pop();
                    lines.push(std::mem::take(&mut line));
                    line.push(c);
                }
            }
        }
        if !line.is_empty() || lines.is_empty() {
            lines.push(line);
        }
        lines
    }
}

struct Fonts {
    regular: Face,
    bold: Face,
}

fn fill(color: [u8; 3]) -> Fill {
    Fill {
        paint: rgb::Color::new(color[0], color[1], color[2]).into(),
        opacity: NormalizedF32::ONE,
        rule: FillRule::default(),
    }
}

const TEXT: [u8; 3] = [31, 36, 33];
const MUTED: [u8; 3] = [92, 102, 96];
const RULE: [u8; 3] = [190, 198, 192];

/// Draws text with its baseline at `y`, starting at `x`.
fn text(
    surface: &mut Surface<'_>,
    face: &Face,
    size: f32,
    color: [u8; 3],
    x: f32,
    y: f32,
    content: &str,
) {
    if content.is_empty() {
        return;
    }
    surface.set_fill(Some(fill(color)));
    surface.draw_text(
        Point::from_xy(x, y),
        face.font.clone(),
        size,
        content,
        false,
        TextDirection::LeftToRight,
    );
}

/// Draws text that ends at `right`.
fn text_right(
    surface: &mut Surface<'_>,
    face: &Face,
    size: f32,
    color: [u8; 3],
    right: f32,
    y: f32,
    content: &str,
) {
    let x = right - face.width(content, size);
    text(surface, face, size, color, x, y, content);
}

/// A horizontal rule from `LEFT` to `RIGHT` at `y`.
fn rule(surface: &mut Surface<'_>, y: f32, thickness: f32, color: [u8; 3]) {
    let mut builder = PathBuilder::new();
    if let Some(rect) = Rect::from_xywh(LEFT, y, RIGHT - LEFT, thickness) {
        builder.push_rect(rect);
    }
    if let Some(path) = builder.finish() {
        surface.set_fill(Some(fill(color)));
        surface.draw_path(&path);
    }
}

/// A table row: the description's lines and the row's height.
struct Row<'a> {
    line: &'a InvoiceLine,
    description: Vec<String>,
}

impl Row<'_> {
    fn height(&self) -> f32 {
        self.description.len() as f32 * ROW + 4.0
    }
}

/// Where each page's table starts (the baseline of its header).
fn table_top(first_page: bool, invoice: &Invoice) -> f32 {
    if first_page {
        let blocks = invoice.buyer.len().max(invoice.facts.len()) as f32;
        190.0 + blocks * 14.0 + 28.0
    } else {
        110.0
    }
}

/// The rows of each page, and the page the totals go on (one more when they do not fit).
fn paginate<'a>(invoice: &Invoice, rows: &'a [Row<'a>]) -> (Vec<Vec<&'a Row<'a>>>, usize) {
    let mut pages: Vec<Vec<&Row>> = vec![Vec::new()];
    let mut y = table_top(true, invoice) + 18.0;
    for row in rows {
        if y + row.height() > BOTTOM {
            pages.push(Vec::new());
            y = table_top(false, invoice) + 18.0;
        }
        if let Some(page) = pages.last_mut() {
            page.push(row);
        }
        y += row.height();
    }
    let totals_height =
        16.0 + invoice.totals.len() as f32 * 16.0 + invoice.notes.len() as f32 * 28.0;
    let totals_page = if y + totals_height > BOTTOM {
        pages.push(Vec::new());
        pages.len() - 1
    } else {
        pages.len() - 1
    };
    (pages, totals_page)
}

fn page_header(surface: &mut Surface<'_>, fonts: &Fonts, invoice: &Invoice, first_page: bool) {
    if first_page {
        text(
            surface,
            &fonts.bold,
            24.0,
            invoice.brand_color,
            LEFT,
            78.0,
            &invoice.brand,
        );
        let mut y = 58.0;
        for line in &invoice.seller {
            text_right(surface, &fonts.regular, 8.5, MUTED, RIGHT, y, line);
            y += 11.5;
        }
        text(
            surface,
            &fonts.bold,
            17.0,
            TEXT,
            LEFT,
            160.0,
            &invoice.title,
        );
        let mut y = 190.0;
        for line in &invoice.buyer {
            text(surface, &fonts.regular, BODY + 0.5, TEXT, LEFT, y, line);
            y += 14.0;
        }
        let mut y = 190.0;
        for (label, value) in &invoice.facts {
            text(surface, &fonts.regular, BODY, MUTED, 330.0, y, label);
            text_right(surface, &fonts.regular, BODY, TEXT, RIGHT, y, value);
            y += 14.0;
        }
    } else {
        text(
            surface,
            &fonts.bold,
            14.0,
            invoice.brand_color,
            LEFT,
            62.0,
            &invoice.brand,
        );
        text_right(
            surface,
            &fonts.regular,
            BODY,
            TEXT,
            RIGHT,
            62.0,
            &invoice.title,
        );
        rule(surface, 72.0, 0.6, RULE);
    }
}

fn table_header(surface: &mut Surface<'_>, fonts: &Fonts, invoice: &Invoice, y: f32) {
    let [quantity, description, unit_price, vat, amount] = &invoice.columns;
    text_right(
        surface,
        &fonts.bold,
        BODY,
        TEXT,
        QUANTITY_RIGHT,
        y,
        quantity,
    );
    text(
        surface,
        &fonts.bold,
        BODY,
        TEXT,
        DESCRIPTION_LEFT,
        y,
        description,
    );
    text_right(
        surface,
        &fonts.bold,
        BODY,
        TEXT,
        UNIT_PRICE_RIGHT,
        y,
        unit_price,
    );
    text_right(surface, &fonts.bold, BODY, TEXT, VAT_RIGHT, y, vat);
    text_right(surface, &fonts.bold, BODY, TEXT, AMOUNT_RIGHT, y, amount);
    rule(surface, y + 5.0, 1.0, TEXT);
}

fn footer(surface: &mut Surface<'_>, fonts: &Fonts, invoice: &Invoice, page: usize, pages: usize) {
    rule(surface, FOOTER - 12.0, 0.6, RULE);
    let mut seller = invoice.seller.first().cloned().unwrap_or_default();
    for number in &invoice.seller_numbers {
        seller.push_str(" · ");
        seller.push_str(number);
    }
    text(surface, &fonts.regular, 7.5, MUTED, LEFT, FOOTER, &seller);
    let label = invoice
        .page_label
        .replace("{{page}}", &page.to_string())
        .replace("{{pages}}", &pages.to_string());
    text_right(surface, &fonts.regular, 7.5, MUTED, RIGHT, FOOTER, &label);
}

fn totals(surface: &mut Surface<'_>, fonts: &Fonts, invoice: &Invoice, mut y: f32) {
    rule(surface, y - 10.0, 0.6, RULE);
    y += 4.0;
    for (label, amount, grand) in &invoice.totals {
        let face = if *grand { &fonts.bold } else { &fonts.regular };
        text(surface, face, BODY + 0.5, TEXT, 300.0, y, label);
        text_right(surface, face, BODY + 0.5, TEXT, AMOUNT_RIGHT, y, amount);
        y += 16.0;
    }
    y += 8.0;
    for note in &invoice.notes {
        for line in fonts.regular.wrap(note, BODY, RIGHT - LEFT) {
            text(surface, &fonts.regular, BODY, TEXT, LEFT, y, &line);
            y += ROW;
        }
        y += 4.0;
    }
}

/// The invoice as a PDF file.
pub fn invoice(invoice: &Invoice) -> Result<Vec<u8>, PdfError> {
    let fonts = Fonts {
        regular: Face::new(REGULAR)?,
        bold: Face::new(BOLD)?,
    };
    let rows: Vec<Row> = invoice
        .lines
        .iter()
        .map(|line| Row {
            line,
            description: fonts
                .regular
                .wrap(&line.description, BODY, DESCRIPTION_WIDTH),
        })
        .collect();
    let (pages, totals_page) = paginate(invoice, &rows);
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(invoice.title.clone())
            .language(invoice.language.clone())
            .creator("Hoofbeat Commerce".to_owned())
            .producer("Hoofbeat Commerce (krilla)".to_owned()),
    );
    let count = pages.len();
    for (index, page_rows) in pages.iter().enumerate() {
        let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).ok_or(PdfError::Font)?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        let first = index == 0;
        page_header(&mut surface, &fonts, invoice, first);
        let top = table_top(first, invoice);
        table_header(&mut surface, &fonts, invoice, top);
        let mut y = top + 18.0;
        for row in page_rows {
            let line = row.line;
            text_right(
                &mut surface,
                &fonts.regular,
                BODY,
                TEXT,
                QUANTITY_RIGHT,
                y,
                &line.quantity.to_string(),
            );
            let mut description_y = y;
            for part in &row.description {
                text(
                    &mut surface,
                    &fonts.regular,
                    BODY,
                    TEXT,
                    DESCRIPTION_LEFT,
                    description_y,
                    part,
                );
                description_y += ROW;
            }
            text_right(
                &mut surface,
                &fonts.regular,
                BODY,
                TEXT,
                UNIT_PRICE_RIGHT,
                y,
                &line.unit_price,
            );
            text_right(
                &mut surface,
                &fonts.regular,
                BODY,
                TEXT,
                VAT_RIGHT,
                y,
                &line.vat_rate,
            );
            text_right(
                &mut surface,
                &fonts.regular,
                BODY,
                TEXT,
                AMOUNT_RIGHT,
                y,
                &line.amount,
            );
            y += row.height();
        }
        if index == totals_page {
            totals(&mut surface, &fonts, invoice, y + 14.0);
        }
        footer(&mut surface, &fonts, invoice, index + 1, count);
        surface.finish();
        page.finish();
    }
    document.finish().map_err(PdfError::Write)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_descriptions_wrap_within_their_column() {
        let face = Face::new(REGULAR).unwrap();
        let lines = face.wrap(
            "Hoefslag Sport Muesli met extra lijnzaad en kruiden voor sportpaarden in zware training",
            BODY,
            DESCRIPTION_WIDTH,
        );
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(
            lines
                .iter()
                .all(|line| face.width(line, BODY) <= DESCRIPTION_WIDTH)
        );
        assert_eq!(
            lines.join(" "),
            "Hoefslag Sport Muesli met extra lijnzaad en kruiden voor sportpaarden in zware training"
        );
        assert_eq!(face.wrap("", BODY, 100.0), vec![String::new()]);
    }
}
