//! Calendar dates and the shop's date format, DD-MM-YYYY. The calendar itself (month lengths,
//! leap years, counting days) is jiff's.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A real date of the Gregorian calendar, year 1000 to 9999. Crosses JSON as an ISO 8601 date
/// (`"2026-03-31"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(type = "string"))]
pub struct CalendarDate {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// The text does not have the expected shape of digits and dashes.
    #[error("'{0}' is not written as {1}")]
    Format(String, &'static str),
    /// The numbers do not name a day of the calendar (e.g. 31-04 or 29-02 of a common year).
    #[error("'{0}' is not a date of the calendar")]
    NotInCalendar(String),
}

impl CalendarDate {
    /// Makes a date, checking month, day (with leap years) and year 1000 to 9999.
    pub fn new(year: u16, month: u8, day: u8) -> Option<CalendarDate> {
        let in_calendar = Self::civil_date(year, month, day).is_some();
        ((1000..=9999).contains(&year) && in_calendar).then_some(CalendarDate { year, month, day })
    }

    fn civil_date(year: u16, month: u8, day: u8) -> Option<jiff::civil::Date> {
        let year = i16::try_from(year).ok()?;
        let month = i8::try_from(month).ok()?;
        let day = i8::try_from(day).ok()?;
        jiff::civil::Date::new(year, month, day).ok()
    }

    fn civil(self) -> Option<jiff::civil::Date> {
        Self::civil_date(self.year, self.month, self.day)
    }

    fn of_civil(date: jiff::civil::Date) -> Option<CalendarDate> {
        let year = u16::try_from(date.year()).ok()?;
        let month = u8::try_from(date.month()).ok()?;
        let day = u8::try_from(date.day()).ok()?;
        CalendarDate::new(year, month, day)
    }

    /// The date `days` days later (earlier when negative); `None` past the year 9999 or
    /// before 1000.
    pub fn plus_days(self, days: i64) -> Option<CalendarDate> {
        let later = self
            .civil()?
            .checked_add(jiff::Span::new().try_days(days).ok()?)
            .ok()?;
        Self::of_civil(later)
    }

    /// The days from this date to `other`: negative when `other` is earlier.
    pub fn days_until(self, other: CalendarDate) -> i64 {
        let (Some(from), Some(to)) = (self.civil(), other.civil()) else {
            return 0;
        };
        // Dates of years 1000 to 9999 are at most about 3.3 million days apart: the span in
        // days always exists.
        from.until(to).map_or(0, |span| i64::from(span.get_days()))
    }

    /// Parses the shop's format `DD-MM-YYYY`: exactly two, two and four digits.
    pub fn parse_dutch(text: &str) -> Result<CalendarDate, DateError> {
        const FORMAT: &str = "DD-MM-YYYY";
        let parts = split_digits(text, [2, 2, 4])
            .ok_or_else(|| DateError::Format(text.to_owned(), FORMAT))?;
        Self::from_parts(text, parts[2], parts[1], parts[0])
    }

    /// Parses an ISO 8601 date `YYYY-MM-DD`. A time after it (`T...` or a space) is ignored:
    /// the date is taken as written, without any time-zone conversion.
    pub fn parse_iso(text: &str) -> Result<CalendarDate, DateError> {
        const FORMAT: &str = "YYYY-MM-DD";
        let trimmed = text.trim();
        let date_part = match trimmed.get(10..) {
            Some(rest) if rest.starts_with('T') || rest.starts_with(' ') => &trimmed[..10],
            _ => trimmed,
        };
        let parts = split_digits(date_part, [4, 2, 2])
            .ok_or_else(|| DateError::Format(text.to_owned(), FORMAT))?;
        Self::from_parts(text, parts[0], parts[1], parts[2])
    }

    fn from_parts(text: &str, year: u32, month: u32, day: u32) -> Result<CalendarDate, DateError> {
        let year = u16::try_from(year).ok();
        let month = u8::try_from(month).ok();
        let day = u8::try_from(day).ok();
        match (year, month, day) {
            (Some(year), Some(month), Some(day)) => CalendarDate::new(year, month, day),
            _ => None,
        }
        .ok_or_else(|| DateError::NotInCalendar(text.to_owned()))
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }

    /// The date in ISO 8601, `YYYY-MM-DD`.
    pub fn to_iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for CalendarDate {
    /// Writes the shop's format, `DD-MM-YYYY`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{:02}-{:02}-{:04}",
            self.day, self.month, self.year
        )
    }
}

impl Serialize for CalendarDate {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_iso())
    }
}

/// Reads a date stored as ISO 8601 text (the server's rows keep dates as `"2026-03-31"`).
impl TryFrom<String> for CalendarDate {
    type Error = DateError;

    fn try_from(text: String) -> Result<CalendarDate, DateError> {
        CalendarDate::parse_iso(&text)
    }
}

impl<'de> Deserialize<'de> for CalendarDate {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CalendarDate, D::Error> {
        let text = String::deserialize(deserializer)?;
        CalendarDate::parse_iso(&text).map_err(serde::de::Error::custom)
    }
}

/// Splits `text` at dashes into three groups of exactly the given numbers of ASCII digits.
fn split_digits(text: &str, widths: [usize; 3]) -> Option<[u32; 3]> {
    let mut parts = text.split('-');
    let mut numbers = [0; 3];
    for (number, width) in numbers.iter_mut().zip(widths) {
        let part = parts.next()?;
        if part.len() != width || !part.bytes().all(|byte| byte.is_ascii_digit()) {
            return None;
        }
        *number = part.parse().ok()?;
    }
    parts.next().is_none().then_some(numbers)
}

/// Input of `locale.formatDate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DateFormatRequest {
    /// An ISO 8601 date (`2024-02-29`), optionally with a time that is ignored.
    pub date: String,
}

/// Output of `locale.formatDate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DateFormatResult {
    /// The date as DD-MM-YYYY.
    pub text: String,
}

impl DateFormatRequest {
    /// Formats the date as DD-MM-YYYY.
    pub fn format(&self) -> Result<DateFormatResult, DateError> {
        Ok(DateFormatResult {
            text: CalendarDate::parse_iso(&self.date)?.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_real_dates_in_dutch_format() {
        for text in [
            "01-01-2024",
            "29-02-2024",
            "29-02-2000",
            "31-12-9999",
            "28-02-2023",
            "30-04-1000",
        ] {
            let date = CalendarDate::parse_dutch(text).unwrap();
            assert_eq!(date.to_string(), text);
        }
    }

    #[test]
    fn rejects_dates_outside_the_calendar() {
        for text in [
            "29-02-2023",
            "29-02-1900",
            "31-04-2024",
            "00-01-2024",
            "01-13-2024",
            "32-01-2024",
            "01-00-2024",
            "01-01-0999",
        ] {
            assert_eq!(
                CalendarDate::parse_dutch(text),
                Err(DateError::NotInCalendar(text.into())),
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_other_shapes() {
        for text in [
            "1-1-2024",
            "01/01/2024",
            "2024-01-01",
            "01-01-24",
            "01-01-2024 ",
            "aa-bb-cccc",
            "01-01-2024-01",
            "",
            "+1-01-2024",
        ] {
            assert!(
                matches!(CalendarDate::parse_dutch(text), Err(DateError::Format(..))),
                "{text}"
            );
        }
    }

    #[test]
    fn formats_iso_dates_as_dd_mm_yyyy() {
        let cases = [
            ("2024-02-29", "29-02-2024"),
            ("2024-12-01T23:59:59+01:00", "01-12-2024"),
            ("1999-07-04 10:00", "04-07-1999"),
        ];
        for (iso, expected) in cases {
            let request = DateFormatRequest { date: iso.into() };
            assert_eq!(request.format().unwrap().text, expected);
        }
        assert!(CalendarDate::parse_iso("2023-02-29").is_err());
        assert!(CalendarDate::parse_iso("2023-2-1").is_err());
        assert_eq!(
            CalendarDate::parse_iso("2023-02-01").unwrap().to_iso(),
            "2023-02-01"
        );
    }

    #[test]
    fn knows_the_leap_years() {
        let cases = [
            (2024, true),
            (2023, false),
            (2000, true),
            (1900, false),
            (2100, false),
            (2400, true),
        ];
        for (year, leap) in cases {
            assert_eq!(CalendarDate::new(year, 2, 29).is_some(), leap, "{year}");
        }
    }

    #[test]
    fn counts_days_across_months_leap_days_and_years() {
        let date = |text: &str| CalendarDate::parse_iso(text).unwrap();
        assert_eq!(date("2024-02-28").plus_days(1), Some(date("2024-02-29")));
        assert_eq!(date("2023-02-28").plus_days(1), Some(date("2023-03-01")));
        assert_eq!(date("2026-12-31").plus_days(1), Some(date("2027-01-01")));
        assert_eq!(date("2026-03-01").plus_days(-1), Some(date("2026-02-28")));
        assert_eq!(date("9999-12-31").plus_days(1), None);
        assert_eq!(date("1000-01-01").plus_days(-1), None);
        assert_eq!(date("2026-02-28").days_until(date("2027-03-01")), 366);
        assert_eq!(date("2027-03-01").days_until(date("2026-02-28")), -366);
        assert_eq!(date("2026-11-27").days_until(date("2026-11-27")), 0);
    }

    #[test]
    fn crosses_json_as_an_iso_date() {
        let date: CalendarDate = serde_json::from_str(r#""2024-02-29""#).unwrap();
        assert_eq!(date, CalendarDate::new(2024, 2, 29).unwrap());
        assert_eq!(serde_json::to_string(&date).unwrap(), r#""2024-02-29""#);
        assert!(serde_json::from_str::<CalendarDate>(r#""2023-02-29""#).is_err());
        assert!(serde_json::from_str::<CalendarDate>(r#""29-02-2024""#).is_err());
    }
}
