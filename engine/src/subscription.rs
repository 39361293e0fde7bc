//! Subscriptions: recurring feed deliveries, their statuses and the allowed changes.
//!
//! The status labels (saved, activated, closed)
//! plus `paused`, for a customer who skips deliveries for a while:
//!
//! ```text
//! saved ──activate──> activated ──pause──> paused
//!   │                  │   ^                 │
//!   │                  │   └─────resume──────┘
//!   └──close──> closed <┴──────close─────────┘
//! ```
//!
//! - `saved`: set up (e.g. in checkout) but not activated yet; nothing is delivered.
//! - `activated`: delivered every `intervalWeeks` weeks from `nextDeliveryDate`.
//! - `paused`: no deliveries until resumed; resuming goes on with the planned rhythm: the
//!   planned next delivery if it has not passed, else the first date of the rhythm from the
//!   day of resuming ([`next_delivery_on_restart`]).
//! - `closed`: ended by the customer; final.
//!
//! The delivery interval may change in every status but `closed`, to [`MIN_INTERVAL_WEEKS`] to
//! [`MAX_INTERVAL_WEEKS`] whole weeks.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::locale::CalendarDate;

/// The shortest delivery interval in weeks.
pub const MIN_INTERVAL_WEEKS: u32 = 2;
/// The longest delivery interval in weeks (half a year).
pub const MAX_INTERVAL_WEEKS: u32 = 12;

/// The status of a subscription.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SubscriptionStatus {
    /// Set up, not activated yet.
    Saved,
    /// Delivering.
    Activated,
    /// Not delivering until resumed.
    Paused,
    /// Ended; final.
    Closed,
}

/// What a customer asks to do with a subscription.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SubscriptionAction {
    /// Start delivering a saved subscription.
    Activate,
    /// Stop delivering for a while.
    Pause,
    /// Deliver again after a pause.
    Resume,
    /// End the subscription.
    Close,
}

impl SubscriptionStatus {
    /// Every status.
    pub const ALL: [SubscriptionStatus; 4] = [
        SubscriptionStatus::Saved,
        SubscriptionStatus::Activated,
        SubscriptionStatus::Paused,
        SubscriptionStatus::Closed,
    ];

    /// The label used in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionStatus::Saved => "saved",
            SubscriptionStatus::Activated => "activated",
            SubscriptionStatus::Paused => "paused",
            SubscriptionStatus::Closed => "closed",
        }
    }

    /// The status an action leads to from this status, if the action is allowed here.
    pub fn after(self, action: SubscriptionAction) -> Option<SubscriptionStatus> {
        use SubscriptionAction::*;
        use SubscriptionStatus::*;
        match (self, action) {
            (Saved, Activate) => Some(Activated),
            (Activated, Pause) => Some(Paused),
            (Paused, Resume) => Some(Activated),
            (Saved | Activated | Paused, Close) => Some(Closed),
            _ => None,
        }
    }

    /// The new status, or [`EngineError::SubscriptionTransition`] naming the status and the action.
    pub fn apply(self, action: SubscriptionAction) -> Result<SubscriptionStatus, EngineError> {
        self.after(action)
            .ok_or(EngineError::SubscriptionTransition {
                from: self.as_str(),
                action: action.as_str(),
            })
    }

    /// Whether the delivery interval may still change.
    pub fn interval_can_change(self) -> bool {
        self != SubscriptionStatus::Closed
    }

    /// Whether deliveries are planned in this status.
    pub fn delivers(self) -> bool {
        self == SubscriptionStatus::Activated
    }
}

impl SubscriptionAction {
    /// Every action.
    pub const ALL: [SubscriptionAction; 4] = [
        SubscriptionAction::Activate,
        SubscriptionAction::Pause,
        SubscriptionAction::Resume,
        SubscriptionAction::Close,
    ];

    /// The label used in JSON and in URLs.
    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionAction::Activate => "activate",
            SubscriptionAction::Pause => "pause",
            SubscriptionAction::Resume => "resume",
            SubscriptionAction::Close => "close",
        }
    }
}

impl fmt::Display for SubscriptionStatus {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl FromStr for SubscriptionStatus {
    type Err = EngineError;

    fn from_str(text: &str) -> Result<SubscriptionStatus, EngineError> {
        SubscriptionStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
            .ok_or_else(|| {
                EngineError::InvalidInput(format!("'{text}' is not a subscription status"))
            })
    }
}

impl FromStr for SubscriptionAction {
    type Err = EngineError;

    fn from_str(text: &str) -> Result<SubscriptionAction, EngineError> {
        SubscriptionAction::ALL
            .into_iter()
            .find(|action| action.as_str() == text)
            .ok_or_else(|| {
                EngineError::InvalidInput(format!("'{text}' is not a subscription action"))
            })
    }
}

/// Output of `subscription.intervalLimits`: the delivery intervals a customer may choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct IntervalLimits {
    /// The shortest interval in weeks.
    pub min_weeks: u32,
    /// The longest interval in weeks.
    pub max_weeks: u32,
}

/// The delivery intervals a customer may choose, for the forms that ask for one.
pub fn interval_limits() -> IntervalLimits {
    IntervalLimits {
        min_weeks: MIN_INTERVAL_WEEKS,
        max_weeks: MAX_INTERVAL_WEEKS,
    }
}

/// Checks a delivery interval: a whole number of weeks from [`MIN_INTERVAL_WEEKS`] to
/// [`MAX_INTERVAL_WEEKS`].
pub fn check_interval(weeks: i64) -> Result<u32, EngineError> {
    u32::try_from(weeks)
        .ok()
        .filter(|weeks| (MIN_INTERVAL_WEEKS..=MAX_INTERVAL_WEEKS).contains(weeks))
        .ok_or_else(|| {
            EngineError::InvalidInput(format!(
                "the interval must be {MIN_INTERVAL_WEEKS} to {MAX_INTERVAL_WEEKS} weeks, not {weeks}"
            ))
        })
}

/// The date `weeks` weeks after `date`: the next delivery after activating or resuming on
/// `date`.
pub fn next_delivery(date: CalendarDate, weeks: u32) -> Option<CalendarDate> {
    date.plus_days(7 * i64::from(weeks))
}

/// The next delivery when deliveries (re)start on `today` (activating or resuming).
///
/// The planned rhythm goes on where it can: a planned date that has not passed stays, so a
/// pause undone before the delivery changes nothing; a passed one moves on by whole intervals
/// to the first date from today. Without a planned date the first delivery is one interval
/// after today.
pub fn next_delivery_on_restart(
    planned: Option<CalendarDate>,
    today: CalendarDate,
    weeks: u32,
) -> Option<CalendarDate> {
    let Some(planned) = planned else {
        return next_delivery(today, weeks);
    };
    let behind = planned.days_until(today);
    if behind <= 0 {
        return Some(planned);
    }
    let interval_days = 7 * i64::from(weeks.max(1));
    let intervals = (behind + interval_days - 1) / interval_days;
    let weeks_on = u32::try_from(intervals * i64::from(weeks.max(1))).ok()?;
    next_delivery(planned, weeks_on)
}

#[cfg(test)]
mod tests {
    use super::SubscriptionAction::*;
    use super::SubscriptionStatus::*;
    use super::*;

    #[test]
    fn the_allowed_changes_are_exactly_these() {
        let allowed = [
            (Saved, Activate, Activated),
            (Saved, Close, Closed),
            (Activated, Pause, Paused),
            (Activated, Close, Closed),
            (Paused, Resume, Activated),
            (Paused, Close, Closed),
        ];
        for status in SubscriptionStatus::ALL {
            for action in SubscriptionAction::ALL {
                let expected = allowed
                    .iter()
                    .find(|(from, with, _)| *from == status && *with == action)
                    .map(|(_, _, to)| *to);
                assert_eq!(
                    status.after(action),
                    expected,
                    "{status} {}",
                    action.as_str()
                );
            }
        }
    }

    #[test]
    fn a_refused_change_names_the_status_and_the_action() {
        let error = Closed.apply(Resume).unwrap_err();
        assert_eq!(
            error.to_string(),
            "a subscription that is closed cannot resume"
        );
        assert_eq!(error.code(), "subscription_transition");
        assert_eq!(
            Activated.apply(Activate).unwrap_err().code(),
            "subscription_transition"
        );
        assert_eq!(Paused.apply(Resume).unwrap(), Activated);
    }

    #[test]
    fn only_a_closed_subscription_keeps_its_interval_and_only_an_activated_one_delivers() {
        assert!(
            Saved.interval_can_change()
                && Activated.interval_can_change()
                && Paused.interval_can_change()
        );
        assert!(!Closed.interval_can_change());
        assert!(Activated.delivers());
        assert!(!Paused.delivers() && !Saved.delivers() && !Closed.delivers());
    }

    #[test]
    fn intervals_are_two_to_twelve_weeks() {
        assert_eq!(check_interval(2).unwrap(), 2);
        assert_eq!(check_interval(12).unwrap(), 12);
        for weeks in [0, 1, 13, 26, 27, -1, i64::MAX] {
            assert_eq!(
                check_interval(weeks).unwrap_err().code(),
                "invalid_input",
                "{weeks}"
            );
        }
    }

    #[test]
    fn the_next_delivery_is_whole_weeks_later_across_months_and_leap_days() {
        let date = |text: &str| CalendarDate::parse_iso(text).unwrap();
        assert_eq!(
            next_delivery(date("2026-11-22"), 4).unwrap(),
            date("2026-12-20")
        );
        assert_eq!(
            next_delivery(date("2026-12-20"), 2).unwrap(),
            date("2027-01-03")
        );
        assert_eq!(
            next_delivery(date("2028-02-22"), 1).unwrap(),
            date("2028-02-29")
        );
        assert_eq!(
            next_delivery(date("2026-01-01"), 26).unwrap(),
            date("2026-07-02")
        );
    }

    #[test]
    fn labels_read_back() {
        for status in SubscriptionStatus::ALL {
            assert_eq!(
                status.as_str().parse::<SubscriptionStatus>().unwrap(),
                status
            );
            assert_eq!(
                serde_json::to_string(&status).unwrap(),
                format!("\"{status}\"")
            );
        }
        for action in SubscriptionAction::ALL {
            assert_eq!(
                action.as_str().parse::<SubscriptionAction>().unwrap(),
                action
            );
        }
        assert!("cancelled".parse::<SubscriptionStatus>().is_err());
        assert!("stop".parse::<SubscriptionAction>().is_err());
    }

    #[test]
    fn resuming_keeps_the_planned_rhythm() {
        let date = |text: &str| CalendarDate::parse_iso(text).unwrap();
        let restart = |planned: Option<&str>, today: &str, weeks: u32| {
            next_delivery_on_restart(planned.map(date), date(today), weeks)
                .unwrap()
                .to_iso()
        };
        // Paused and resumed at once, before the delivery: the delivery stays on its day.
        assert_eq!(restart(Some("2026-12-01"), "2026-11-27", 4), "2026-12-01");
        assert_eq!(restart(Some("2026-12-01"), "2026-12-01", 4), "2026-12-01");
        // Resumed after the planned day: the next date of the same rhythm.
        assert_eq!(restart(Some("2026-12-01"), "2026-12-02", 4), "2026-12-29");
        assert_eq!(restart(Some("2026-12-01"), "2026-12-29", 4), "2026-12-29");
        assert_eq!(restart(Some("2026-12-01"), "2027-02-20", 2), "2027-02-23");
        // Nothing planned (a first activation): one interval after today.
        assert_eq!(restart(None, "2026-11-27", 4), "2026-12-25");
    }
}
