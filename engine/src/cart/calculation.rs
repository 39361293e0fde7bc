//! The steps of the cart calculation, in the order they run.
//!
//! Everything is computed in whole cents (see [`crate::cents`]); lines are kept in input
//! order for the output, and visited in canonical order (by product variant id) wherever an
//! order could change a result, namely when cents are spread over lines.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::error::CartError;
use super::input::{CartInput, CatalogEntry, PricingContext, RqsSample, ShippingMethod};
use super::output::{
    CalculatedCart, CalculatedProduct, Discount, FreeProduct, FreeShippingProgress,
    STOCK_WARNING_KEY, ShippingMethodOption, StockWarning,
};
use super::{MAX_LINES, MAX_QUANTITY};
use crate::allocation::allocate;
use crate::cents::{self, MAX_AMOUNT_CENTS, to_money};
use crate::ids::ProductVariantId;
use crate::promotions::{self, FreeProductOffer, Promotion, PromotionRule};
use crate::vat::{VatRate, VatType};

/// The two rate buckets. Index [`HIGH`] holds the high rate; index [`LOW`] the low rate,
/// unless both rates are equal (Denmark), when every line goes to [`HIGH`] so the VAT is
/// rounded once on the whole.
const HIGH: usize = 0;
const LOW: usize = 1;

pub(super) fn calculate(input: &CartInput) -> Result<CalculatedCart, CartError> {
    let catalog = index_catalog(&input.catalog)?;
    validate_site(&input.site)?;
    let mut lines = resolve_lines(input, &catalog)?;
    let canonical = canonical_order(&lines)?;
    let promotions = unlocked_promotions(input, &catalog)?;
    let gift_card_balance = gift_card_balance(input)?;
    let payment_method_costs = payment_method_costs(input)?;
    let rates = Rates::of(&input.site);

    apply_product_discounts(&mut lines, &promotions);
    apply_free_products(&mut lines, &promotions, &catalog);
    let sub_total: i64 = lines.iter().map(|line| line.total).sum();
    let order_discounts = order_discounts(sub_total, &promotions);
    let order_discount_total: i64 = order_discounts.iter().map(|(_, amount)| amount).sum();
    spread_order_discounts(&mut lines, &canonical, order_discount_total);
    let order_amount = sub_total - order_discount_total;

    let needs_shipping = lines
        .iter()
        .any(|line| !line.entry.product_type.is_scan_product());
    let shipping = if needs_shipping {
        price_shipping(
            &input.site,
            &promotions,
            input.shipping_method,
            order_amount,
        )
        .ok_or(CartError::UnknownShippingMethod(input.shipping_method))?
    } else {
        ShippingPrice::NONE
    };
    let payment_costs = match payment_method_costs {
        Some(costs) if order_amount + shipping.price > 0 => costs,
        _ => 0,
    };

    let mut buckets = fill_buckets(&mut lines, &rates);
    let weights = cost_weights(&buckets);
    let shipping_shares = spread(shipping.price, &weights);
    let payment_shares = spread(payment_costs, &weights);
    for (index, bucket) in buckets.iter_mut().enumerate() {
        bucket.costs = shipping_shares[index] + payment_shares[index];
        bucket.vat = cents::vat_in_inclusive(bucket.goods + bucket.costs, bucket.rate_bp);
    }
    share_vat_over_lines(&mut lines, &canonical, &buckets);

    let total = order_amount + shipping.price + payment_costs;
    let vat_total = buckets[HIGH].vat + buckets[LOW].vat;
    let gift_card_amount = gift_card_balance.map_or(0, |balance| balance.min(total));
    let shipping_methods = if needs_shipping {
        shipping_options(&input.site, &promotions, order_amount, &weights, &buckets)
    } else {
        Vec::new()
    };

    Ok(CalculatedCart {
        products: lines
            .iter()
            .map(|line| line.to_output(&input.site))
            .collect(),
        shipping_discounts: shipping
            .discount
            .map(|(promotion, amount)| discount(promotion, amount))
            .into_iter()
            .collect(),
        order_discounts: order_discounts
            .iter()
            .map(|(promotion, amount)| discount(promotion, *amount))
            .collect(),
        original_shipping_costs: to_money(shipping.original),
        shipping_costs: to_money(shipping.price),
        payment_costs: to_money(payment_costs),
        total_amount: to_money(total),
        vat_amount_low: to_money(buckets[LOW].vat),
        vat_amount_high: to_money(buckets[HIGH].vat),
        sub_total_amount: to_money(sub_total),
        total_amount_excl_vat: to_money(total - vat_total),
        shipping_costs_excl_vat: to_money(excl_vat(&shipping_shares, &buckets)),
        amount_to_pay: to_money(total - gift_card_amount),
        gift_card_amount: to_money(gift_card_amount),
        item_count: item_count(&lines),
        stock_warnings: stock_warnings(&lines, &canonical),
        scan_products_only: !lines.is_empty() && !needs_shipping,
        shipping_methods,
        free_shipping: needs_shipping
            .then(|| free_shipping(&input.site, input.shipping_method, order_amount))
            .flatten(),
    })
}

/// A catalog entry with its unit price in cents.
struct Product<'a> {
    entry: &'a CatalogEntry,
    unit_price: i64,
}

type Catalog<'a> = HashMap<ProductVariantId, Product<'a>, BuildHasherDefault<VariantIdHasher>>;

/// A fast hash for variant ids (Fibonacci hashing). The catalog comes from the shop's own
/// database, not from visitors, so a keyed hash against flooding is not needed here.
#[derive(Default)]
struct VariantIdHasher(u64);

impl Hasher for VariantIdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(*byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// One cart line while it is being calculated. Amounts in cents.
struct Line<'a> {
    entry: &'a CatalogEntry,
    rqs_samples: &'a [RqsSample],
    quantity: i64,
    unit_price: i64,
    /// Unit price times quantity.
    original: i64,
    /// The product discount applied, if any.
    product_discount: Option<(&'a Promotion, i64)>,
    /// After the product discount.
    total: i64,
    /// This line's share of the order discounts.
    order_discount_share: i64,
    /// Which rate bucket the line belongs to.
    bucket: usize,
    /// This line's share of its bucket's VAT.
    vat: i64,
    /// Free products earned: the offer, the free product and the number of units.
    free_products: Vec<(&'a FreeProductOffer, &'a Product<'a>, i64)>,
}

impl Line<'_> {
    /// What the line adds to its rate bucket: after product and order discounts.
    fn net(&self) -> i64 {
        self.total - self.order_discount_share
    }

    fn to_output(&self, site: &PricingContext) -> CalculatedProduct {
        let entry = self.entry;
        CalculatedProduct {
            product_id: entry.product_id,
            product_variant_id: entry.product_variant_id,
            product_type: entry.product_type,
            quantity: u32::try_from(self.quantity).unwrap_or(u32::MAX),
            description: entry.description.clone(),
            product_label: entry.product_label.clone(),
            original_amount: to_money(self.original),
            total_amount: to_money(self.total),
            vat_rate_percentage: rate_of(site, entry.vat_type),
            vat_amount: to_money(self.vat),
            vat_type: entry.vat_type,
            product_discounts: self
                .product_discount
                .iter()
                .map(|(promotion, amount)| discount(promotion, *amount))
                .collect(),
            free_products: self
                .free_products
                .iter()
                .map(|(offer, product, units)| FreeProduct {
                    product_id: product.entry.product_id,
                    product_variant_id: product.entry.product_variant_id,
                    description: product.entry.description.clone(),
                    product_label: product.entry.product_label.clone(),
                    promotion_text: offer.promotion_text.clone(),
                    quantity: u32::try_from(*units).unwrap_or(u32::MAX),
                    original_amount: to_money(product.unit_price * units),
                })
                .collect(),
            rqs_samples: self.rqs_samples.to_vec(),
        }
    }
}

/// The site's VAT rate for a product's VAT type.
pub(crate) fn rate_of(site: &PricingContext, vat_type: VatType) -> VatRate {
    match vat_type {
        VatType::High => site.vat_percentage_high,
        VatType::Low => site.vat_percentage_low,
    }
}

fn discount(promotion: &Promotion, amount: i64) -> Discount {
    Discount {
        description: promotion.description.clone(),
        promotion_key: promotion.promotion_key.clone(),
        amount: to_money(amount),
    }
}

/// An amount that must lie in `0..=MAX_AMOUNT_CENTS`, in cents.
fn bounded_cents(amount: crate::money::Money) -> Option<i64> {
    cents::to_cents(amount).filter(|value| (0..=MAX_AMOUNT_CENTS).contains(value))
}

fn index_catalog(entries: &[CatalogEntry]) -> Result<Catalog<'_>, CartError> {
    let mut catalog =
        Catalog::with_capacity_and_hasher(entries.len(), BuildHasherDefault::default());
    for (index, entry) in entries.iter().enumerate() {
        let unit_price = bounded_cents(entry.unit_price).ok_or_else(|| {
            CartError::InvalidCatalog(format!(
                "catalog[{index}].unitPrice: {} of variant {} is outside 0.00 to 1000000.00",
                entry.unit_price, entry.product_variant_id
            ))
        })?;
        if catalog
            .insert(entry.product_variant_id, Product { entry, unit_price })
            .is_some()
        {
            return Err(CartError::InvalidCatalog(format!(
                "catalog[{index}].productVariantId: variant {} is in the catalog twice",
                entry.product_variant_id
            )));
        }
    }
    Ok(catalog)
}

fn validate_site(site: &PricingContext) -> Result<(), CartError> {
    for (index, option) in site.shipping_options.iter().enumerate() {
        if bounded_cents(option.price).is_none() {
            return Err(CartError::InvalidSite(format!(
                "site.shippingOptions[{index}].price: {} of shipping method {} is outside 0.00 to 1000000.00",
                option.price, option.shipping_method
            )));
        }
        if site.shipping_options[..index]
            .iter()
            .any(|other| other.shipping_method == option.shipping_method)
        {
            return Err(CartError::InvalidSite(format!(
                "site.shippingOptions[{index}].shippingMethod: shipping method {} is offered twice",
                option.shipping_method
            )));
        }
    }
    for (index, rule) in site.free_shipping_rules.iter().enumerate() {
        if bounded_cents(rule.minimum_amount).is_none() {
            return Err(CartError::InvalidSite(format!(
                "site.freeShippingRules[{index}].minimumAmount: {} is outside 0.00 to 1000000.00",
                rule.minimum_amount
            )));
        }
    }
    for (index, method) in site.payment_methods.iter().enumerate() {
        if bounded_cents(method.costs).is_none() {
            return Err(CartError::InvalidSite(format!(
                "site.paymentMethods[{index}].costs: {} of payment method {} are outside 0.00 to 1000000.00",
                method.costs, method.payment_method_id
            )));
        }
        if site.payment_methods[..index]
            .iter()
            .any(|other| other.payment_method_id == method.payment_method_id)
        {
            return Err(CartError::InvalidSite(format!(
                "site.paymentMethods[{index}].paymentMethodId: payment method {} is offered twice",
                method.payment_method_id
            )));
        }
    }
    Ok(())
}

fn resolve_lines<'a>(
    input: &'a CartInput,
    catalog: &'a Catalog<'a>,
) -> Result<Vec<Line<'a>>, CartError> {
    if input.products.len() > MAX_LINES {
        return Err(CartError::TooManyLines {
            count: input.products.len(),
            max: MAX_LINES,
        });
    }
    input
        .products
        .iter()
        .map(|cart_line| {
            let variant = cart_line.product_variant_id;
            let product = catalog
                .get(&variant)
                .filter(|product| {
                    cart_line
                        .product_id
                        .is_none_or(|id| id == product.entry.product_id)
                })
                .ok_or(CartError::UnknownVariant {
                    product_variant_id: variant,
                })?;
            if !(1..=MAX_QUANTITY).contains(&cart_line.count) {
                return Err(CartError::QuantityOutOfRange {
                    product_variant_id: variant,
                    quantity: cart_line.count,
                });
            }
            let original = product.unit_price * cart_line.count;
            Ok(Line {
                entry: product.entry,
                rqs_samples: &cart_line.rqs_samples,
                quantity: cart_line.count,
                unit_price: product.unit_price,
                original,
                product_discount: None,
                total: original,
                order_discount_share: 0,
                bucket: HIGH,
                vat: 0,
                free_products: Vec::new(),
            })
        })
        .collect()
}

/// The line indices sorted by product variant id; refuses a variant that is in the cart twice.
fn canonical_order(lines: &[Line<'_>]) -> Result<Vec<usize>, CartError> {
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_unstable_by_key(|index| lines[*index].entry.product_variant_id);
    for pair in order.windows(2) {
        let variant = lines[pair[0]].entry.product_variant_id;
        if variant == lines[pair[1]].entry.product_variant_id {
            return Err(CartError::DuplicateLine {
                product_variant_id: variant,
            });
        }
    }
    Ok(order)
}

/// Validates every promotion and the cart's code, and returns the promotions that apply:
/// those without a code and the one the cart's code unlocks.
fn unlocked_promotions<'a>(
    input: &'a CartInput,
    catalog: &Catalog<'_>,
) -> Result<Vec<&'a Promotion>, CartError> {
    for (index, promotion) in input.promotions.iter().enumerate() {
        promotion.validate(|variant| catalog.contains_key(&variant))?;
        if let Some(code) = &promotion.code {
            let earlier = &input.promotions[..index];
            if let Some(other) = earlier.iter().find(|other| {
                other
                    .code
                    .as_deref()
                    .is_some_and(|c| promotions::codes_equal(c, code))
            }) {
                return Err(CartError::from(promotion.invalid(format!(
                    "its code is also the code of promotion '{}'",
                    other.promotion_key
                ))));
            }
        }
    }
    let cart_code = input
        .discount_code
        .as_deref()
        .and_then(promotions::normalize_code);
    if let Some(code) = cart_code {
        let known = input.promotions.iter().any(|promotion| {
            promotion
                .code
                .as_deref()
                .is_some_and(|own| promotions::codes_equal(own, code))
        });
        if !known {
            return Err(CartError::InvalidDiscountCode(code.to_owned()));
        }
    }
    Ok(input
        .promotions
        .iter()
        .filter(|promotion| promotion.is_unlocked_by(cart_code))
        .collect())
}

/// The balance of the cart's gift card in cents, after checking that it can pay.
fn gift_card_balance(input: &CartInput) -> Result<Option<i64>, CartError> {
    let Some(card) = &input.gift_card else {
        return Ok(None);
    };
    if !card.can_pay() {
        return Err(CartError::GiftCardRejected);
    }
    // A balance beyond i64 cents pays any total this cart can reach.
    Ok(Some(cents::to_cents(card.balance).unwrap_or(i64::MAX)))
}

/// The costs of the chosen payment method in cents, if one was chosen.
fn payment_method_costs(input: &CartInput) -> Result<Option<i64>, CartError> {
    let Some(id) = input.payment_method_id else {
        return Ok(None);
    };
    input
        .site
        .payment_methods
        .iter()
        .find(|method| method.payment_method_id == id)
        .map(|method| Some(bounded_cents(method.costs).unwrap_or(0)))
        .ok_or(CartError::UnknownPaymentMethod(id))
}

/// Gives each line the product discount that takes off most (the first of equals).
fn apply_product_discounts<'a>(lines: &mut [Line<'a>], promotions: &[&'a Promotion]) {
    for line in lines.iter_mut() {
        for promotion in promotions {
            if let PromotionRule::ProductDiscount(rule) = &promotion.rule {
                let amount = rule.discount_on_line(line.entry, line.quantity, line.unit_price);
                if amount > line.product_discount.map_or(0, |(_, best)| best) {
                    line.product_discount = Some((promotion, amount));
                }
            }
        }
        let amount = line
            .product_discount
            .map_or(0, |(_, amount)| amount)
            .min(line.original);
        line.total = line.original - amount;
    }
}

/// Adds the free products every offer gives with each line.
fn apply_free_products<'a>(
    lines: &mut [Line<'a>],
    promotions: &[&'a Promotion],
    catalog: &'a Catalog<'a>,
) {
    for promotion in promotions {
        let PromotionRule::FreeProduct(offer) = &promotion.rule else {
            continue;
        };
        // Validation made sure the free variant is in the catalog.
        let Some(free_product) = catalog.get(&offer.free_product_variant_id) else {
            continue;
        };
        for line in lines.iter_mut() {
            let units = offer.free_units(line.entry, line.quantity);
            if units > 0 {
                line.free_products.push((offer, free_product, units));
            }
        }
    }
}

/// The order discounts, each on the subtotal, together never more than the subtotal.
fn order_discounts<'a>(sub_total: i64, promotions: &[&'a Promotion]) -> Vec<(&'a Promotion, i64)> {
    let mut left = sub_total;
    let mut applied = Vec::new();
    for promotion in promotions {
        if let PromotionRule::OrderDiscount(rule) = &promotion.rule {
            let amount = rule.discount_on(sub_total).min(left);
            if amount > 0 {
                left -= amount;
                applied.push((*promotion, amount));
            }
        }
    }
    applied
}

/// Spreads the order discounts over the lines in proportion to their totals.
fn spread_order_discounts(lines: &mut [Line<'_>], canonical: &[usize], discount: i64) {
    let weights: Vec<i64> = canonical.iter().map(|index| lines[*index].total).collect();
    let shares = spread(discount, &weights);
    for (index, share) in canonical.iter().zip(shares) {
        lines[*index].order_discount_share = share;
    }
}

/// The price of shipping for the cart.
struct ShippingPrice<'a> {
    /// After the site's free-shipping rules.
    original: i64,
    /// After the shipping promotion.
    price: i64,
    discount: Option<(&'a Promotion, i64)>,
}

impl ShippingPrice<'_> {
    const NONE: ShippingPrice<'static> = ShippingPrice {
        original: 0,
        price: 0,
        discount: None,
    };
}

/// What shipping with `method` costs for an order amount of `order_amount` cents; `None` when
/// the site does not offer the method.
fn price_shipping<'a>(
    site: &PricingContext,
    promotions: &[&'a Promotion],
    method: ShippingMethod,
    order_amount: i64,
) -> Option<ShippingPrice<'a>> {
    let option = site
        .shipping_options
        .iter()
        .find(|option| option.shipping_method == method)?;
    let free_by_rule =
        free_shipping_threshold(site, method).is_some_and(|minimum| order_amount >= minimum);
    let original = if free_by_rule {
        0
    } else {
        bounded_cents(option.price).unwrap_or(0)
    };
    let mut best: Option<(&Promotion, i64)> = None;
    for promotion in promotions {
        if let PromotionRule::ShippingDiscount(rule) = &promotion.rule {
            let amount = rule.reduction(method, order_amount, original);
            if amount > best.map_or(0, |(_, best)| best) {
                best = Some((promotion, amount));
            }
        }
    }
    let reduction = best.map_or(0, |(_, amount)| amount).min(original);
    Some(ShippingPrice {
        original,
        price: original - reduction,
        discount: best,
    })
}

/// The lowest order amount from which the site ships `method` for free, if a rule frees it.
fn free_shipping_threshold(site: &PricingContext, method: ShippingMethod) -> Option<i64> {
    site.free_shipping_rules
        .iter()
        .filter(|rule| rule.shipping_method.is_none_or(|own| own == method))
        .filter_map(|rule| bounded_cents(rule.minimum_amount))
        .min()
}

/// How far `order_amount` is from free shipping with `method`.
fn free_shipping(
    site: &PricingContext,
    method: ShippingMethod,
    order_amount: i64,
) -> Option<FreeShippingProgress> {
    let minimum = free_shipping_threshold(site, method)?;
    Some(FreeShippingProgress {
        minimum_amount: to_money(minimum),
        remaining_amount: to_money((minimum - order_amount).max(0)),
        reached: order_amount >= minimum,
    })
}

/// The site's shipping methods priced for this cart.
fn shipping_options(
    site: &PricingContext,
    promotions: &[&Promotion],
    order_amount: i64,
    weights: &[i64; 2],
    buckets: &[Bucket; 2],
) -> Vec<ShippingMethodOption> {
    site.shipping_options
        .iter()
        .filter_map(|option| {
            let price =
                price_shipping(site, promotions, option.shipping_method, order_amount)?.price;
            let shares = spread(price, weights);
            Some(ShippingMethodOption {
                shipping_method: option.shipping_method,
                price: to_money(price),
                price_ex_vat: to_money(excl_vat(&shares, buckets)),
            })
        })
        .collect()
}

/// An amount spread over rate buckets, minus the VAT of each share (rounded per share).
fn excl_vat(shares: &[i64], buckets: &[Bucket; 2]) -> i64 {
    shares
        .iter()
        .zip(buckets)
        .map(|(share, bucket)| share - cents::vat_in_inclusive(*share, bucket.rate_bp))
        .sum()
}

/// The site's two VAT rates in basis points.
struct Rates {
    high_bp: i64,
    low_bp: i64,
}

impl Rates {
    fn of(site: &PricingContext) -> Rates {
        // A VatRate has at most two fraction digits and lies within 0 to 100: always converts.
        let basis_points =
            |rate: VatRate| cents::decimal_in_hundredths(rate.percentage()).unwrap_or(0);
        Rates {
            high_bp: basis_points(site.vat_percentage_high),
            low_bp: basis_points(site.vat_percentage_low),
        }
    }

    fn bucket_of(&self, vat_type: VatType) -> usize {
        match vat_type {
            VatType::Low if self.low_bp != self.high_bp => LOW,
            _ => HIGH,
        }
    }
}

/// The amounts of one VAT rate, in cents.
struct Bucket {
    rate_bp: i64,
    /// The goods after all discounts.
    goods: i64,
    /// The goods before discounts.
    original: i64,
    /// This rate's share of shipping and payment costs.
    costs: i64,
    /// The VAT of `goods + costs`, rounded once.
    vat: i64,
}

fn fill_buckets(lines: &mut [Line<'_>], rates: &Rates) -> [Bucket; 2] {
    let empty = |rate_bp| Bucket {
        rate_bp,
        goods: 0,
        original: 0,
        costs: 0,
        vat: 0,
    };
    let mut buckets = [empty(rates.high_bp), empty(rates.low_bp)];
    for line in lines.iter_mut() {
        line.bucket = rates.bucket_of(line.entry.vat_type);
        let bucket = &mut buckets[line.bucket];
        bucket.goods += line.net();
        bucket.original += line.original;
    }
    buckets
}

/// How shipping and payment costs are spread over the rates: like the goods after discounts;
/// if those are all zero, like the goods before discounts; if those are zero too (or there are
/// no goods), all at the high rate.
fn cost_weights(buckets: &[Bucket; 2]) -> [i64; 2] {
    if buckets[HIGH].goods + buckets[LOW].goods > 0 {
        [buckets[HIGH].goods, buckets[LOW].goods]
    } else if buckets[HIGH].original + buckets[LOW].original > 0 {
        [buckets[HIGH].original, buckets[LOW].original]
    } else {
        [1, 0]
    }
}

/// Gives each line its share of its bucket's VAT, in proportion to the amounts in the bucket
/// (the lines' net amounts and the bucket's share of the costs, which keeps the rest).
fn share_vat_over_lines(lines: &mut [Line<'_>], canonical: &[usize], buckets: &[Bucket; 2]) {
    for (bucket_index, bucket) in buckets.iter().enumerate() {
        let members: Vec<usize> = canonical
            .iter()
            .copied()
            .filter(|index| lines[*index].bucket == bucket_index)
            .collect();
        let mut weights: Vec<i64> = members.iter().map(|index| lines[*index].net()).collect();
        weights.push(bucket.costs);
        let shares = spread(bucket.vat, &weights);
        for (index, share) in members.iter().zip(shares) {
            lines[*index].vat = share;
        }
    }
}

/// [`allocate`] for weights that are never negative and add up to more than zero whenever the
/// amount is not zero, as the calculation guarantees. Should that ever not hold, the whole
/// amount goes to the first part, so that parts still add up.
fn spread(amount: i64, weights: &[i64]) -> Vec<i64> {
    allocate(amount, weights).unwrap_or_else(|| {
        let mut parts = vec![0; weights.len()];
        if let Some(first) = parts.first_mut() {
            *first = amount;
        }
        parts
    })
}

fn item_count(lines: &[Line<'_>]) -> u64 {
    lines
        .iter()
        .map(|line| {
            line.quantity
                + line
                    .free_products
                    .iter()
                    .map(|(_, _, units)| units)
                    .sum::<i64>()
        })
        .map(|count| u64::try_from(count).unwrap_or(0))
        .sum()
}

/// 'Only {amount} pieces in stock' for every variant of which the cart (lines and free
/// products together) asks more than is in stock, by variant id.
fn stock_warnings(lines: &[Line<'_>], canonical: &[usize]) -> Vec<StockWarning> {
    // What the free products ask, by variant; usually nothing or a few entries.
    let mut free: Vec<(ProductVariantId, i64, i64)> = lines
        .iter()
        .flat_map(|line| &line.free_products)
        .filter_map(|(_, product, units)| {
            product
                .entry
                .stock
                .map(|stock| (product.entry.product_variant_id, *units, stock))
        })
        .collect();
    free.sort_unstable_by_key(|(variant, _, _)| *variant);
    // Merge with the lines, which the canonical order already sorts by variant.
    let mut asked: Vec<(ProductVariantId, i64, i64)> = Vec::new();
    let mut free_items = free.into_iter().peekable();
    let mut add = |variant: ProductVariantId, units: i64, stock: i64| match asked.last_mut() {
        Some(last) if last.0 == variant => last.1 += units,
        _ => asked.push((variant, units, stock)),
    };
    for index in canonical {
        let entry = lines[*index].entry;
        while let Some(item) =
            free_items.next_if(|(variant, _, _)| *variant < entry.product_variant_id)
        {
            add(item.0, item.1, item.2);
        }
        if let Some(stock) = entry.stock {
            add(entry.product_variant_id, lines[*index].quantity, stock);
        }
        while let Some(item) =
            free_items.next_if(|(variant, _, _)| *variant == entry.product_variant_id)
        {
            add(item.0, item.1, item.2);
        }
    }
    for item in free_items {
        add(item.0, item.1, item.2);
    }
    asked
        .into_iter()
        .filter(|(_, units, stock)| units > stock)
        .map(|(product_variant_id, _, stock)| StockWarning {
            message_key: STOCK_WARNING_KEY.to_owned(),
            product_variant_id,
            amount: u64::try_from(stock).unwrap_or(0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::cart::{CartCalculator, CartContext, CartInput, MAX_LINES, MAX_QUANTITY};
    use crate::operations::run;

    /// A cart of `lines` lines of `count` units at `unit_price`, with shipping and a payment
    /// method, and any extra fields.
    fn cart(unit_price: &str, count: Value, lines: u64, extra: Value) -> Value {
        let mut input = json!({
            "site": {
                "vatPercentageHigh": "21", "vatPercentageLow": "9",
                "shippingOptions": [{"shippingMethod": 0, "price": "1000000.00"}],
                "paymentMethods": [{"paymentMethodId": 1, "costs": "1000000.00"}]
            },
            "catalog": (1..=lines).map(|variant| json!({
                "productId": variant, "productVariantId": variant, "productType": 2,
                "vatType": if variant % 2 == 0 { "low" } else { "high" },
                "unitPrice": unit_price, "stock": i64::MAX, "description": "Muesli"
            })).collect::<Vec<_>>(),
            "products": (1..=lines).map(|variant| json!({"productVariantId": variant, "count": count})).collect::<Vec<_>>(),
            "paymentMethodId": 1
        });
        if let (Some(fields), Value::Object(extra)) = (input.as_object_mut(), extra) {
            fields.extend(extra);
        }
        input
    }

    fn refusal(input: &Value) -> crate::EngineError {
        run("cart.calculate", &input.to_string()).unwrap_err()
    }

    #[test]
    fn the_largest_decimal_as_a_price_of_a_million_units_is_refused_naming_the_field() {
        let error = refusal(&cart(
            "79228162514264337593543950335",
            json!(1_000_000),
            1,
            json!({}),
        ));
        assert_eq!(error.code(), "invalid_catalog");
        assert!(
            error.to_string().contains("catalog[0].unitPrice"),
            "{error}"
        );
        // The same through the calculator that holds the context.
        let (context, choices) = serde_json::from_value::<CartInput>(cart(
            "79228162514264337593543950335",
            json!(1),
            1,
            json!({}),
        ))
        .unwrap()
        .into_parts();
        let mut calculator = CartCalculator::new(context);
        assert_eq!(
            calculator.calculate(choices).unwrap_err().code(),
            "invalid_catalog"
        );

        let error = refusal(&cart("1000000.00", json!(1_000_000), 1, json!({})));
        assert_eq!(error.code(), "quantity_out_of_range");
        assert!(error.to_string().starts_with("count: "), "{error}");
        for count in [json!(u32::MAX), json!(i64::MAX), json!(i64::MIN)] {
            assert_eq!(
                refusal(&cart("1.00", count.clone(), 1, json!({}))).code(),
                "quantity_out_of_range",
                "{count}"
            );
        }
        for count in [json!(u64::MAX), json!(1e300), json!(0.5)] {
            assert_eq!(
                refusal(&cart("1.00", count.clone(), 1, json!({}))).code(),
                "invalid_input",
                "{count}"
            );
        }
    }

    #[test]
    fn site_amounts_out_of_range_name_their_field() {
        let mut input = cart("1.00", json!(1), 1, json!({}));
        input["site"]["shippingOptions"][0]["price"] = json!("-79228162514264337593543950335");
        let error = refusal(&input);
        assert_eq!(error.code(), "invalid_site");
        assert!(
            error.to_string().contains("site.shippingOptions[0].price"),
            "{error}"
        );
        let mut input = cart("1.00", json!(1), 1, json!({}));
        input["site"]["paymentMethods"][0]["costs"] = json!("1000000.01");
        assert!(
            refusal(&input)
                .to_string()
                .contains("site.paymentMethods[0].costs")
        );
        let mut input = cart("1.00", json!(1), 1, json!({}));
        input["site"]["freeShippingRules"] =
            json!([{"minimumAmount": "79228162514264337593543950335"}]);
        assert!(
            refusal(&input)
                .to_string()
                .contains("site.freeShippingRules[0].minimumAmount")
        );
    }

    #[test]
    fn the_largest_cart_the_bounds_allow_calculates_exactly() {
        // 1000 lines of 999 units at 1,000,000.00, 1,000,000.00 shipping and payment costs, a
        // gift card with the largest balance, and a 100 % order discount of nothing to spread.
        let lines = MAX_LINES as u64;
        let input = cart(
            "1000000.00",
            json!(MAX_QUANTITY),
            lines,
            json!({
                "giftCard": {"balance": "79228162514264337593543950335"}
            }),
        );
        let output: Value =
            serde_json::from_str(&run("cart.calculate", &input.to_string()).unwrap()).unwrap();
        // 1000 x 999 x 1,000,000.00 = 999,000,000,000.00; plus 2,000,000.00 of costs.
        assert_eq!(output["subTotalAmount"], "999000000000.00");
        assert_eq!(output["totalAmount"], "999002000000.00");
        assert_eq!(output["giftCardAmount"], "999002000000.00");
        assert_eq!(output["amountToPay"], "0.00");
        // Half the goods at 21 %, half at 9 %, and the costs split alike: 1,000,000.00 each.
        // 499,501,000,000.00 x 21 / 121 = 86,690,256,198.347.. and x 9 / 109 = 41,243,201,834.862..
        assert_eq!(output["vatAmountHigh"], "86690256198.35");
        assert_eq!(output["vatAmountLow"], "41243201834.86");
        assert_eq!(output["itemCount"], 999_000);

        let (context, choices) = serde_json::from_value::<CartInput>(input)
            .unwrap()
            .into_parts();
        let context: CartContext =
            serde_json::from_value(serde_json::to_value(&context).unwrap()).unwrap();
        let calculated = CartCalculator::new(context).calculate(choices).unwrap();
        assert_eq!(calculated.total_amount.to_string(), "999002000000.00");
    }
}
