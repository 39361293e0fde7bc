//! checkout
