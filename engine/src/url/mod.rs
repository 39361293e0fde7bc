//! url
