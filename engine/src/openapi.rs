//! How the engine's hand-serialized types appear in the server's OpenAPI document (the
//! `openapi` feature). Every other type the API carries derives `utoipa::ToSchema` beside its
//! serde derive; these few serialize themselves (a decimal as a string, a number for an enum),
//! so their schema is written here, next to no other logic.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::locale::{ConversionRate, CountryCode, Culture};

/// A JSON string with a description and an example.
fn string(description: &str, example: &str, pattern: Option<&str>) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .description(Some(description))
        .pattern(pattern)
        .examples([serde_json::Value::from(example)])
        .into()
}

/// A JSON integer that is one of `values`.
fn integer_of(description: &str, values: &[u8]) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::Integer))
        .description(Some(description))
        .enum_values(Some(values.iter().copied()))
        .into()
}

macro_rules! schema {
    ($type:ty, $schema:expr) => {
        impl PartialSchema for $type {
            fn schema() -> RefOr<Schema> {
                $schema
            }
        }
        impl ToSchema for $type {}
    };
    ($type:ty as $name:literal, $schema:expr) => {
        impl PartialSchema for $type {
            fn schema() -> RefOr<Schema> {
                $schema
            }
        }
        impl ToSchema for $type {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }
        }
    };
}

const DECIMAL: &str = r"^-?[0-9]+(\.[0-9]+)?$";

schema!(
    crate::money::Money,
    string(
        "An amount in the site's currency: a decimal string, never a float.",
        "12.50",
        Some(DECIMAL)
    )
);
schema!(
    crate::vat::VatRate,
    string(
        "A VAT percentage between 0 and 100 with at most two fraction digits.",
        "21",
        Some(DECIMAL)
    )
);
schema!(
    crate::promotions::Percentage,
    string(
        "A percentage with at most two fraction digits.",
        "12.5",
        Some(DECIMAL)
    )
);
schema!(
    crate::roughage::Quantity,
    string(
        "A measured quantity: a decimal string.",
        "8.4",
        Some(DECIMAL)
    )
);
schema!(
    ConversionRate,
    string(
        "Units of a foreign currency per euro: a positive decimal string.",
        "1.0825",
        Some(DECIMAL)
    )
);
schema!(
    CountryCode,
    string(
        "A two-letter ISO 3166-1 country code, upper case.",
        "NL",
        Some("^[A-Z]{2}$")
    )
);
schema!(
    crate::locale::CalendarDate,
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
        .description(Some("A date of the calendar, ISO 8601."))
        .examples([serde_json::Value::from("2026-03-31")])
        .into()
);
schema!(Culture, {
    let cultures = Culture::ALL.map(Culture::as_str);
    ObjectBuilder::new()
        .schema_type(SchemaType::new(Type::String))
        .description(Some("An interface culture."))
        .enum_values(Some(cultures))
        .into()
});
schema!(
    crate::catalog::ProductType,
    integer_of(
        "The kind of a product: 1 simple, 2 horse feed, 3 merchandise, 4 roughage scan (RQS), 5 quick scan.",
        &[1, 2, 3, 4, 5]
    )
);
schema!(
    crate::shipping::ShippingMethod,
    integer_of(
        "How the goods travel: 0 ordinary shipping, 1 a parcel-service pick-up point.",
        &[0, 1]
    )
);

/// One kind of [`PromotionRule`](crate::promotions::PromotionRule): the rule's own object with
/// the `type` field that names the kind. Derived, the rule would be `allOf` the rule's object
/// and the tag, and the rule's object (closed by `deny_unknown_fields`) would refuse the tag.
fn tagged<T: PartialSchema>(tag: &str, description: &str) -> RefOr<Schema> {
    let mut schema = T::schema();
    if let RefOr::T(Schema::Object(object)) = &mut schema {
        let tag_schema = ObjectBuilder::new()
            .schema_type(SchemaType::new(Type::String))
            .enum_values(Some([tag]));
        object
            .properties
            .insert("type".to_owned(), tag_schema.into());
        object.required.insert(0, "type".to_owned());
        object.description = Some(description.to_owned());
    }
    schema
}

impl PartialSchema for crate::promotions::PromotionRule {
    fn schema() -> RefOr<Schema> {
        use crate::promotions::{
            FreeProductOffer, OrderDiscount, ProductDiscount, ShippingDiscount,
        };
        utoipa::openapi::schema::OneOfBuilder::new()
            .description(Some(
                "The four kinds of promotion; in JSON the field `type` names the kind.",
            ))
            .item(tagged::<ProductDiscount>(
                "productDiscount",
                "Money off the lines of a product, variant or product group.",
            ))
            .item(tagged::<FreeProductOffer>(
                "freeProduct",
                "Buy X, get Y free.",
            ))
            .item(tagged::<OrderDiscount>(
                "orderDiscount",
                "Money off the order.",
            ))
            .item(tagged::<ShippingDiscount>(
                "shippingDiscount",
                "Free or cheaper shipping.",
            ))
            .into()
    }
}

impl ToSchema for crate::promotions::PromotionRule {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        use crate::promotions::{
            FreeProductOffer, OrderDiscount, ProductDiscount, ShippingDiscount,
        };
        <ProductDiscount as ToSchema>::schemas(schemas);
        <FreeProductOffer as ToSchema>::schemas(schemas);
        <OrderDiscount as ToSchema>::schemas(schemas);
        <ShippingDiscount as ToSchema>::schemas(schemas);
    }
}
