//! Checkout step gates and the Dutch-address rule.
//!
//! The steps are, in order: billing, delivery, payment, complete (confirm and place the order).
//!
//! - Billing opens with at least one product in the cart and a name for every sample of the
//!   scans that take sample names (the laboratory reports each sample by its name).
//! - Delivery opens when billing is open and the billing address has a country. It is skipped
//!   for carts that hold only scan products.
//! - The delivery step is valid when it is skipped; with parcel-service delivery
//!   (`shippingMethod` 1) when a parcel shop id and its zipcode or city are given; otherwise
//!   when there is no alternative shipping address, or the alternative address has a country.
//! - Payment opens when billing and delivery are valid and the Dutch-address rule does not
//!   block. It is skipped (not needed) when the total is 0 and billing and delivery are valid.
//! - A payment method is needed when payment is needed, unless a gift card pays a total above
//!   0 in full (`amountToPay` 0): then the payment step stays open to change the card, and no
//!   method is chosen.
//! - Complete opens when payment is open with a payment method chosen where one is needed, or
//!   payment is skipped.
//!
//! Dutch-address rule: on a site whose country is not the Netherlands, a billing address in the
//! Netherlands, or a delivery address in the Netherlands (the alternative address when one is
//! set, else the billing address; a parcel shop's country is not known here), closes payment
//! and complete with `checkout.orderOnDutchSite`, and `orderOnDutchSite` tells the storefront
//! to show the notice. Billing and delivery stay open so the visitor can change the address.
//!
//! A closed step lists every unmet condition of itself and the steps before it, in order.

use serde::{Deserialize, Serialize};

use crate::cart::RqsSample;
use crate::catalog::ProductType;
use crate::error::EngineError;
use crate::ids::PaymentMethodId;
use crate::locale::CountryCode;
use crate::money::Money;
pub use crate::shipping::ShippingMethod;
use crate::validation::{Message, MessageKey};

/// The checkout state of a cart, as plain facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckoutState {
    /// The number of product lines in the cart.
    pub product_count: u32,
    /// True when the cart holds only scan products (nothing to deliver).
    #[serde(default)]
    pub scan_products_only: bool,
    /// How many samples of the cart's scans still need a name.
    #[serde(default)]
    pub unnamed_samples: u32,
    /// The country of the billing address, if chosen.
    #[serde(default)]
    pub billing_country: Option<CountryCode>,
    /// The shipping method.
    #[serde(default)]
    pub shipping_method: ShippingMethod,
    /// The chosen parcel shop's id (empty text counts as missing).
    #[serde(default)]
    pub parcel_shop_id: Option<String>,
    /// The chosen parcel shop's zipcode or city (empty text counts as missing).
    #[serde(default)]
    pub parcel_shop_zipcode_or_city: Option<String>,
    /// True when the visitor chose delivery at an alternative address.
    #[serde(default)]
    pub alternative_shipping_address: bool,
    /// The alternative address's country, if chosen.
    #[serde(default)]
    pub shipping_country: Option<CountryCode>,
    /// The cart's total amount to pay.
    pub total_amount: Money,
    /// What is left to pay after a gift card; the total when not given.
    #[serde(default)]
    pub amount_to_pay: Option<Money>,
    /// True when a payment method has been chosen.
    #[serde(default)]
    pub payment_method_chosen: bool,
    /// The country of the site the visitor orders on.
    pub site_country: CountryCode,
}

/// A checkout step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum Step {
    /// Billing address and contact details.
    Billing,
    /// Shipping method and address.
    Delivery,
    /// Payment method.
    Payment,
    /// Confirm and place the order.
    Complete,
}

/// Whether a visitor may open a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub enum StepStatus {
    /// The step may be opened.
    Open,
    /// The step may not be opened yet; see its reasons.
    Closed,
    /// The step is not needed for this cart and is passed over.
    Skipped,
}

/// One step's gate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct StepGate {
    /// Open, closed or skipped.
    pub status: StepStatus,
    /// Why the step is closed (empty unless closed).
    pub reasons: Vec<Message>,
}

/// The gates of every step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Steps {
    /// The billing step.
    pub billing: StepGate,
    /// The delivery step.
    pub delivery: StepGate,
    /// The payment step.
    pub payment: StepGate,
    /// The complete (confirm) step.
    pub complete: StepGate,
}

/// Output of `checkout.gates`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CheckoutGates {
    /// The first step the visitor may open, or `null` when none is open (an empty cart).
    pub first_step: Option<Step>,
    /// The furthest step the visitor may open, or `null` when none is open.
    pub furthest_step: Option<Step>,
    /// True when the order needs a payment (not a total of 0 with valid billing and delivery).
    pub payment_needed: bool,
    /// True when a payment method must be chosen: a payment is needed, and no gift card pays the
    /// whole total.
    pub payment_method_needed: bool,
    /// True when the visitor must be told to order on the Dutch site.
    pub order_on_dutch_site: bool,
    /// Each step's gate.
    pub steps: Steps,
}

fn is_blank(text: Option<&str>) -> bool {
    text.is_none_or(|text| text.trim().is_empty())
}

fn gate(open: bool, skipped: bool, reasons: &[MessageKey]) -> StepGate {
    let status = if skipped {
        StepStatus::Skipped
    } else if open {
        StepStatus::Open
    } else {
        StepStatus::Closed
    };
    let reasons = if status == StepStatus::Closed {
        reasons.iter().copied().map(Message::plain).collect()
    } else {
        Vec::new()
    };
    StepGate { status, reasons }
}

/// A cart's facts as the server stores them and the cart API answers them: the one input from
/// which the server (placing an order) and the storefront (opening a step) build the
/// [`CheckoutState`] (`checkout.stateOfCart`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartFacts {
    /// The number of product lines in the cart.
    pub product_count: u32,
    /// True when the cart holds only scan products.
    #[serde(default)]
    pub scan_products_only: bool,
    /// The lines with their product type, quantity and sample names (the cart's calculated
    /// products may be passed as they are); only lines of scans that take names count.
    #[serde(default)]
    pub sample_lines: Vec<SampleLine>,
    /// The country of the billing address, if known.
    #[serde(default)]
    pub billing_country: Option<CountryCode>,
    /// The shipping method.
    #[serde(default)]
    pub shipping_method: ShippingMethod,
    /// The chosen parcel shop's id.
    #[serde(default)]
    pub parcel_shop_id: Option<String>,
    /// The chosen parcel shop's zipcode or city.
    #[serde(default)]
    pub parcel_shop_zipcode_or_city: Option<String>,
    /// True when the visitor chose delivery at an alternative address.
    #[serde(default)]
    pub alternative_shipping_address: bool,
    /// The country of the stored delivery address, whether or not it is chosen.
    #[serde(default)]
    pub shipping_address_country: Option<CountryCode>,
    /// The cart's total amount to pay.
    pub total_amount: Money,
    /// What is left to pay after a gift card (the calculation's `amountToPay`); the total when
    /// not given.
    #[serde(default)]
    pub amount_to_pay: Option<Money>,
    /// The chosen payment method, if any.
    #[serde(default)]
    pub payment_method_id: Option<PaymentMethodId>,
    /// The gift card offered as payment, if any.
    #[serde(default)]
    pub gift_card_number: Option<String>,
    /// The country of the site the visitor orders on.
    pub site_country: CountryCode,
}

/// A cart line as far as its sample names go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SampleLine {
    /// The kind of product: only a scan that takes sample names needs them.
    pub product_type: ProductType,
    /// How many units, each one sample numbered from 1.
    pub quantity: u32,
    /// The names given, by sample number.
    #[serde(default)]
    pub rqs_samples: Vec<RqsSample>,
}

/// How many samples of these lines still need a name: every unit of a scan that takes sample
/// names is one sample, numbered from 1, and a blank name counts as none.
pub fn unnamed_samples(lines: &[SampleLine]) -> u32 {
    lines
        .iter()
        .filter(|line| line.product_type.takes_sample_names())
        .map(|line| {
            // The named sample numbers of the line, each once: the work follows the names
            // given, not the quantity (which a caller may make huge).
            let named: std::collections::BTreeSet<u32> = line
                .rqs_samples
                .iter()
                .filter(|sample| {
                    (1..=line.quantity).contains(&sample.sequence)
                        && !sample.sample_name.trim().is_empty()
                })
                .map(|sample| sample.sequence)
                .collect();
            line.quantity
                .saturating_sub(u32::try_from(named.len()).unwrap_or(u32::MAX))
        })
        .fold(0u32, u32::saturating_add)
}

impl CheckoutState {
    /// The checkout state of a cart: the delivery address's country counts only when the
    /// alternative address is chosen, and a gift card counts as a payment choice.
    pub fn of_cart(facts: &CartFacts) -> CheckoutState {
        let gift_card = facts
            .gift_card_number
            .as_deref()
            .is_some_and(|number| !number.trim().is_empty());
        CheckoutState {
            product_count: facts.product_count,
            scan_products_only: facts.scan_products_only,
            unnamed_samples: unnamed_samples(&facts.sample_lines),
            billing_country: facts.billing_country,
            shipping_method: facts.shipping_method,
            parcel_shop_id: facts.parcel_shop_id.clone(),
            parcel_shop_zipcode_or_city: facts.parcel_shop_zipcode_or_city.clone(),
            alternative_shipping_address: facts.alternative_shipping_address,
            shipping_country: facts
                .alternative_shipping_address
                .then_some(facts.shipping_address_country)
                .flatten(),
            total_amount: facts.total_amount,
            amount_to_pay: facts.amount_to_pay,
            payment_method_chosen: facts.payment_method_id.is_some() || gift_card,
            site_country: facts.site_country,
        }
    }
}

/// Decides which checkout steps a visitor may open; see the module documentation.
pub fn checkout_gates(state: &CheckoutState) -> Result<CheckoutGates, EngineError> {
    if state.total_amount.is_negative() {
        return Err(EngineError::InvalidInput(
            "the total amount is negative".into(),
        ));
    }
    if state
        .amount_to_pay
        .is_some_and(|amount| amount.is_negative() || amount > state.total_amount)
    {
        return Err(EngineError::InvalidInput(
            "the amount to pay must be 0 to the total amount".into(),
        ));
    }
    let mut reasons = Vec::new();

    if state.product_count == 0 {
        reasons.push(MessageKey::CartEmpty);
    }
    if state.unnamed_samples > 0 {
        reasons.push(MessageKey::SampleNameRequired);
    }
    let billing = gate(reasons.is_empty(), false, &reasons);

    if state.billing_country.is_none() {
        reasons.push(MessageKey::BillingCountryMissing);
    }
    let billing_valid = reasons.is_empty();
    let delivery_skipped = state.scan_products_only;
    let delivery = gate(billing_valid, delivery_skipped, &reasons);

    if !delivery_skipped {
        match state.shipping_method {
            ShippingMethod::ParcelService => {
                if is_blank(state.parcel_shop_id.as_deref()) {
                    reasons.push(MessageKey::ParcelShopMissing);
                }
                if is_blank(state.parcel_shop_zipcode_or_city.as_deref()) {
                    reasons.push(MessageKey::ParcelShopZipcodeOrCityMissing);
                }
            }
            ShippingMethod::Ordinary => {
                if state.alternative_shipping_address && state.shipping_country.is_none() {
                    reasons.push(MessageKey::ShippingCountryMissing);
                }
            }
        }
    }
    let billing_and_delivery_valid = reasons.is_empty();

    let delivery_country = match (delivery_skipped, state.shipping_method) {
        (true, _) | (false, ShippingMethod::ParcelService) => None,
        (false, ShippingMethod::Ordinary) if state.alternative_shipping_address => {
            state.shipping_country
        }
        (false, ShippingMethod::Ordinary) => state.billing_country,
    };
    let order_on_dutch_site = state.site_country != CountryCode::NL
        && (state.billing_country == Some(CountryCode::NL)
            || delivery_country == Some(CountryCode::NL));
    if order_on_dutch_site {
        reasons.push(MessageKey::OrderOnDutchSite);
    }

    let payment_needed = !(state.total_amount.is_zero() && billing_and_delivery_valid);
    let payment = gate(
        reasons.is_empty(),
        !payment_needed && !order_on_dutch_site,
        &reasons,
    );

    // A gift card that pays a total above 0 leaves nothing to pay and needs no method; a total
    // of 0 needs one whenever a payment is needed at all (billing or delivery not yet valid).
    let paid_by_gift_card =
        !state.total_amount.is_zero() && state.amount_to_pay.is_some_and(|left| left.is_zero());
    let payment_method_needed = payment_needed && !paid_by_gift_card;
    if payment_method_needed && !state.payment_method_chosen {
        reasons.push(MessageKey::PaymentMethodMissing);
    }
    let complete = gate(reasons.is_empty(), false, &reasons);

    let steps = Steps {
        billing,
        delivery,
        payment,
        complete,
    };
    let ordered = [
        (Step::Billing, &steps.billing),
        (Step::Delivery, &steps.delivery),
        (Step::Payment, &steps.payment),
        (Step::Complete, &steps.complete),
    ];
    let open_steps = || {
        ordered
            .iter()
            .filter(|(_, gate)| gate.status == StepStatus::Open)
            .map(|(step, _)| *step)
    };
    Ok(CheckoutGates {
        first_step: open_steps().next(),
        furthest_step: open_steps().next_back(),
        payment_needed,
        payment_method_needed,
        order_on_dutch_site,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use MessageKey::*;
    use StepStatus::*;

    fn ready() -> CheckoutState {
        CheckoutState {
            product_count: 1,
            scan_products_only: false,
            unnamed_samples: 0,
            billing_country: Some(CountryCode::NL),
            shipping_method: ShippingMethod::Ordinary,
            parcel_shop_id: None,
            parcel_shop_zipcode_or_city: None,
            alternative_shipping_address: false,
            shipping_country: None,
            total_amount: "10.00".parse().unwrap(),
            amount_to_pay: None,
            payment_method_chosen: true,
            site_country: CountryCode::NL,
        }
    }

    fn country(code: &str) -> Option<CountryCode> {
        Some(code.parse().unwrap())
    }

    type Expectation = [(StepStatus, &'static [MessageKey]); 4];

    fn check(name: &str, state: CheckoutState, expected: Expectation) {
        let gates = checkout_gates(&state).unwrap();
        let got = [
            &gates.steps.billing,
            &gates.steps.delivery,
            &gates.steps.payment,
            &gates.steps.complete,
        ];
        for ((gate, (status, reasons)), step) in got
            .iter()
            .zip(expected)
            .zip(["billing", "delivery", "payment", "complete"])
        {
            let keys: Vec<MessageKey> = gate.reasons.iter().map(Message::key).collect();
            assert_eq!(
                (gate.status, keys.as_slice()),
                (status, reasons),
                "{name}: {step}"
            );
        }
    }

    #[test]
    fn opens_each_step_on_its_condition() {
        let cases: Vec<(&str, CheckoutState, Expectation)> = vec![
            (
                "everything ready",
                ready(),
                [(Open, &[]), (Open, &[]), (Open, &[]), (Open, &[])],
            ),
            (
                "0 products",
                CheckoutState {
                    product_count: 0,
                    ..ready()
                },
                [
                    (Closed, &[CartEmpty]),
                    (Closed, &[CartEmpty]),
                    (Closed, &[CartEmpty]),
                    (Closed, &[CartEmpty]),
                ],
            ),
            (
                "no billing country",
                CheckoutState {
                    billing_country: None,
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Closed, &[BillingCountryMissing]),
                    (Closed, &[BillingCountryMissing]),
                    (Closed, &[BillingCountryMissing]),
                ],
            ),
            (
                "parcel shop without id and place",
                CheckoutState {
                    shipping_method: ShippingMethod::ParcelService,
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[ParcelShopMissing, ParcelShopZipcodeOrCityMissing]),
                    (Closed, &[ParcelShopMissing, ParcelShopZipcodeOrCityMissing]),
                ],
            ),
            (
                "parcel shop with id, blank place",
                CheckoutState {
                    shipping_method: ShippingMethod::ParcelService,
                    parcel_shop_id: Some("NL1234".into()),
                    parcel_shop_zipcode_or_city: Some("  ".into()),
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[ParcelShopZipcodeOrCityMissing]),
                    (Closed, &[ParcelShopZipcodeOrCityMissing]),
                ],
            ),
            (
                "parcel shop complete; alternative address flag is ignored",
                CheckoutState {
                    shipping_method: ShippingMethod::ParcelService,
                    parcel_shop_id: Some("NL1234".into()),
                    parcel_shop_zipcode_or_city: Some("Utrecht".into()),
                    alternative_shipping_address: true,
                    ..ready()
                },
                [(Open, &[]), (Open, &[]), (Open, &[]), (Open, &[])],
            ),
            (
                "alternative address without country",
                CheckoutState {
                    alternative_shipping_address: true,
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[ShippingCountryMissing]),
                    (Closed, &[ShippingCountryMissing]),
                ],
            ),
            (
                "alternative address with country",
                CheckoutState {
                    alternative_shipping_address: true,
                    shipping_country: country("NL"),
                    ..ready()
                },
                [(Open, &[]), (Open, &[]), (Open, &[]), (Open, &[])],
            ),
            (
                "scan products only skip delivery, even with an incomplete parcel shop",
                CheckoutState {
                    scan_products_only: true,
                    shipping_method: ShippingMethod::ParcelService,
                    ..ready()
                },
                [(Open, &[]), (Skipped, &[]), (Open, &[]), (Open, &[])],
            ),
            (
                "total 0 skips payment",
                CheckoutState {
                    total_amount: Money::ZERO,
                    payment_method_chosen: false,
                    ..ready()
                },
                [(Open, &[]), (Open, &[]), (Skipped, &[]), (Open, &[])],
            ),
            (
                "total 0.01 needs a payment method",
                CheckoutState {
                    total_amount: "0.01".parse().unwrap(),
                    payment_method_chosen: false,
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[PaymentMethodMissing]),
                ],
            ),
            (
                "a gift card that pays it all needs no payment method; the step stays open",
                CheckoutState {
                    amount_to_pay: Some(Money::ZERO),
                    payment_method_chosen: false,
                    ..ready()
                },
                [(Open, &[]), (Open, &[]), (Open, &[]), (Open, &[])],
            ),
            (
                "a gift card that pays part leaves a payment method to choose",
                CheckoutState {
                    amount_to_pay: Some("0.01".parse().unwrap()),
                    payment_method_chosen: false,
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[PaymentMethodMissing]),
                ],
            ),
            (
                "total 0 with invalid delivery still needs payment",
                CheckoutState {
                    total_amount: Money::ZERO,
                    payment_method_chosen: false,
                    alternative_shipping_address: true,
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[ShippingCountryMissing]),
                    (Closed, &[ShippingCountryMissing, PaymentMethodMissing]),
                ],
            ),
            (
                "Dutch billing address on the Belgian site",
                CheckoutState {
                    site_country: "BE".parse().unwrap(),
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[OrderOnDutchSite]),
                    (Closed, &[OrderOnDutchSite]),
                ],
            ),
            (
                "Dutch delivery address on the German site",
                CheckoutState {
                    site_country: "DE".parse().unwrap(),
                    billing_country: country("DE"),
                    alternative_shipping_address: true,
                    shipping_country: country("NL"),
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[OrderOnDutchSite]),
                    (Closed, &[OrderOnDutchSite]),
                ],
            ),
            (
                "Dutch address on a foreign site with total 0 does not skip to complete",
                CheckoutState {
                    site_country: "BE".parse().unwrap(),
                    total_amount: Money::ZERO,
                    ..ready()
                },
                [
                    (Open, &[]),
                    (Open, &[]),
                    (Closed, &[OrderOnDutchSite]),
                    (Closed, &[OrderOnDutchSite]),
                ],
            ),
            (
                "German billing, Belgian delivery on the German site",
                CheckoutState {
                    site_country: "DE".parse().unwrap(),
                    billing_country: country("DE"),
                    alternative_shipping_address: true,
                    shipping_country: country("BE"),
                    ..ready()
                },
                [(Open, &[]), (Open, &[]), (Open, &[]), (Open, &[])],
            ),
        ];
        for (name, state, expected) in cases {
            check(name, state, expected);
        }
    }

    #[test]
    fn reports_first_and_furthest_steps() {
        let cases = [
            (
                ready(),
                Some(Step::Billing),
                Some(Step::Complete),
                true,
                false,
            ),
            (
                CheckoutState {
                    product_count: 0,
                    ..ready()
                },
                None,
                None,
                true,
                false,
            ),
            (
                CheckoutState {
                    billing_country: None,
                    ..ready()
                },
                Some(Step::Billing),
                Some(Step::Billing),
                true,
                false,
            ),
            (
                CheckoutState {
                    payment_method_chosen: false,
                    ..ready()
                },
                Some(Step::Billing),
                Some(Step::Payment),
                true,
                false,
            ),
            (
                CheckoutState {
                    total_amount: Money::ZERO,
                    ..ready()
                },
                Some(Step::Billing),
                Some(Step::Complete),
                false,
                false,
            ),
            (
                CheckoutState {
                    site_country: "BE".parse().unwrap(),
                    ..ready()
                },
                Some(Step::Billing),
                Some(Step::Delivery),
                true,
                true,
            ),
        ];
        for (state, first, furthest, payment_needed, dutch) in cases {
            let gates = checkout_gates(&state).unwrap();
            assert_eq!(
                (
                    gates.first_step,
                    gates.furthest_step,
                    gates.payment_needed,
                    gates.order_on_dutch_site
                ),
                (first, furthest, payment_needed, dutch),
                "{state:?}"
            );
        }
    }

    #[test]
    fn a_payment_method_is_needed_only_for_what_is_left_to_pay() {
        let needed = |total: &str, left: Option<&str>| {
            checkout_gates(&CheckoutState {
                total_amount: total.parse().unwrap(),
                amount_to_pay: left.map(|amount| amount.parse().unwrap()),
                ..ready()
            })
            .map(|gates| (gates.payment_needed, gates.payment_method_needed))
            .unwrap()
        };
        assert_eq!(needed("10.00", None), (true, true));
        assert_eq!(needed("10.00", Some("10.00")), (true, true));
        assert_eq!(needed("10.00", Some("0.00")), (true, false));
        assert_eq!(needed("0.00", None), (false, false));
    }

    #[test]
    fn refuses_negative_totals_and_unknown_shipping_methods() {
        let state = CheckoutState {
            total_amount: "-0.01".parse().unwrap(),
            ..ready()
        };
        assert_eq!(checkout_gates(&state).unwrap_err().code(), "invalid_input");
        for left in ["-0.01", "10.01"] {
            let state = CheckoutState {
                amount_to_pay: Some(left.parse().unwrap()),
                ..ready()
            };
            assert_eq!(
                checkout_gates(&state).unwrap_err().code(),
                "invalid_input",
                "{left}"
            );
        }
        assert!(serde_json::from_str::<ShippingMethod>("2").is_err());
        assert_eq!(
            serde_json::from_str::<ShippingMethod>("1").unwrap(),
            ShippingMethod::ParcelService
        );
    }

    fn sample_line(product_type: ProductType, quantity: u32, names: &[(u32, &str)]) -> SampleLine {
        SampleLine {
            product_type,
            quantity,
            rqs_samples: names
                .iter()
                .map(|(sequence, name)| RqsSample {
                    sequence: *sequence,
                    sample_name: (*name).to_owned(),
                })
                .collect(),
        }
    }

    #[test]
    fn counts_the_samples_without_a_name() {
        let lines = [
            sample_line(
                ProductType::Rqs,
                3,
                &[(1, "Hooi west"), (2, "  "), (7, "stray")],
            ),
            sample_line(ProductType::Feed, 2, &[]),
            sample_line(ProductType::Rqs, 1, &[(1, "Kuil")]),
        ];
        // Sample 2 is blank, sample 3 has no name; number 7 is no sample of a 3-unit line.
        assert_eq!(unnamed_samples(&lines), 2);
        assert_eq!(unnamed_samples(&[]), 0);
        // A name given twice counts once; a huge quantity costs no more than its names.
        let huge = [sample_line(
            ProductType::Qs,
            u32::MAX,
            &[(1, "A"), (1, "A again")],
        )];
        assert_eq!(unnamed_samples(&huge), u32::MAX - 1);
    }

    #[test]
    fn a_scan_with_unnamed_samples_closes_every_step() {
        let facts = CartFacts {
            product_count: 1,
            scan_products_only: true,
            sample_lines: vec![sample_line(ProductType::Rqs, 2, &[])],
            billing_country: Some(CountryCode::NL),
            shipping_method: ShippingMethod::Ordinary,
            parcel_shop_id: None,
            parcel_shop_zipcode_or_city: None,
            alternative_shipping_address: false,
            shipping_address_country: None,
            total_amount: "79.00".parse().unwrap(),
            amount_to_pay: None,
            payment_method_id: Some(PaymentMethodId::new(1)),
            gift_card_number: None,
            site_country: CountryCode::NL,
        };
        let gates = checkout_gates(&CheckoutState::of_cart(&facts)).unwrap();
        assert_eq!(gates.first_step, None);
        for gate in [
            &gates.steps.billing,
            &gates.steps.payment,
            &gates.steps.complete,
        ] {
            assert_eq!(gate.status, Closed);
            let keys: Vec<MessageKey> = gate.reasons.iter().map(Message::key).collect();
            assert_eq!(keys, [SampleNameRequired]);
        }
        let named = CartFacts {
            sample_lines: vec![sample_line(ProductType::Rqs, 2, &[(1, "A"), (2, "B")])],
            ..facts
        };
        let gates = checkout_gates(&CheckoutState::of_cart(&named)).unwrap();
        assert_eq!(gates.steps.complete.status, Open);
    }
}
