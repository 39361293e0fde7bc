//! The server's clock. The engine has none; time enters the system here.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
}

/// Milliseconds since the Unix epoch, where the order of events within a second matters.
pub fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}

/// Today's date in UTC as `YYYY-MM-DD`, for comparing with validity dates.
pub fn today() -> String {
    super::time::date_utc(now())
}

/// Today's date in UTC as the engine's calendar date.
pub fn today_date() -> Result<engine::locale::CalendarDate, super::error::ApiError> {
    engine::locale::CalendarDate::parse_iso(&today())
        .map_err(|error| super::error::ApiError::Internal(format!("today: {error}")))
}
