//! A minimal PDF 1.4 writer: one A4 page of text lines in Helvetica, enough for an invoice.
//!
//! The document has five objects (catalog, page tree, page, font, content stream) and a
//! correct cross-reference table, so every PDF reader opens it. Text is encoded in
//! WinAnsiEncoding (Latin-1 for the letters of our languages); a character outside it is
//! written as `?`. No compression, no images, no network.

/// A4 in PostScript points.
const PAGE_WIDTH: u32 = 595;
const PAGE_HEIGHT: u32 = 842;
const MARGIN_LEFT: u32 = 56;
const TOP: u32 = 780;
const LINE_HEIGHT: u32 = 16;

/// One line of text on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextLine {
    /// The text.
    pub text: String,
    /// Font size in points.
    pub size: u32,
    /// Indent from the left margin in points (for a second column).
    pub indent: u32,
}

impl TextLine {
    /// A line of body text.
    pub fn body(text: impl Into<String>) -> TextLine {
        TextLine {
            text: text.into(),
            size: 11,
            indent: 0,
        }
    }

    /// A heading.
    pub fn heading(text: impl Into<String>) -> TextLine {
        TextLine {
            text: text.into(),
            size: 18,
            indent: 0,
        }
    }

    /// An empty line.
    pub fn blank() -> TextLine {
        TextLine::body("")
    }
}

/// Escapes a string for a PDF literal string and encodes it in WinAnsi (Latin-1 subset).
fn pdf_string(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 2);
    out.push(b'(');
    for c in text.chars() {
        match c {
            '(' | ')' | '\\' => {
                out.push(b'\\');
                out.push(c as u8);
            }
            '€' => out.push(0x80),
            c if (c as u32) >= 0x20 && (c as u32) < 0x7f => out.push(c as u8),
            c if (c as u32) >= 0xa0 && (c as u32) <= 0xff => out.push(c as u32 as u8),
            _ => out.push(b'?'),
        }
    }
    out.push(b')');
    out
}

/// The page content stream for the lines (lines that do not fit on the page are left out).
fn content_stream(lines: &[TextLine]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut y = TOP;
    for line in lines {
        if y < 40 {
            break;
        }
        if !line.text.is_empty() {
            out.extend_from_slice(
                format!(
                    "BT /F1 {} Tf {} {} Td ",
                    line.size,
                    MARGIN_LEFT + line.indent,
                    y
                )
                .as_bytes(),
            );
            out.extend_from_slice(&pdf_string(&line.text));
            out.extend_from_slice(b" Tj ET\n");
        }
        y = y.saturating_sub(LINE_HEIGHT.max(line.size + 4));
    }
    out
}

/// The PDF file of one page with these lines; `title` goes into the document information.
pub fn document(title: &str, lines: &[TextLine]) -> Vec<u8> {
    let content = content_stream(lines);
    let mut objects: Vec<Vec<u8>> = Vec::new();
    objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
    objects.push(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec());
    objects.push(
        format!("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>")
            .into_bytes(),
    );
    objects.push(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_vec(),
    );
    let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
    stream.extend_from_slice(&content);
    stream.extend_from_slice(b"endstream");
    objects.push(stream);
    let mut info = b"<< /Title ".to_vec();
    info.extend_from_slice(&pdf_string(title));
    info.extend_from_slice(b" /Producer (Hoofbeat Commerce) >>");
    objects.push(info);

    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (index, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", index + 1).as_bytes());
        out.extend_from_slice(object);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R /Info {} 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1,
            objects.len()
        )
        .as_bytes(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_reference_table_points_at_every_object() {
        let pdf = document(
            "F2026-00001",
            &[
                TextLine::heading("Factuur F2026-00001"),
                TextLine::body("Totaal € 12,95 (incl. btw)"),
            ],
        );
        assert!(pdf.starts_with(b"%PDF-1.4\n"));
        assert!(pdf.ends_with(b"%%EOF\n"));
        let text = String::from_utf8_lossy(&pdf).into_owned();
        let startxref: usize = text
            .rsplit("startxref\n")
            .next()
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(pdf[startxref..].starts_with(b"xref\n0 7\n"));
        let table = &text[text.find("xref\n0 7\n").unwrap() + 9..];
        for (number, entry) in table.lines().skip(1).take(6).enumerate() {
            let offset: usize = entry[..10].parse().unwrap();
            assert!(
                pdf[offset..].starts_with(format!("{} 0 obj", number + 1).as_bytes()),
                "object {}",
                number + 1
            );
        }
        // The euro sign in WinAnsi, brackets escaped.
        assert!(pdf.windows(2).any(|pair| pair == [0x80, b' ']));
        assert_eq!(pdf_string("a(b)\\"), b"(a\\(b\\)\\\\)".to_vec());
        assert_eq!(pdf_string("ø€ł"), vec![b'(', 0xf8, 0x80, b'?', b')']);
    }
}
