//! roughage
