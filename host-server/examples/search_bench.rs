//! Measures product search with facets over a generated catalog of 10,000 products:
//! p50 / p99 / max of 1,000 searches of mixed shapes (empty, full text, facet filters, price
//! range, sorting, deep pages), each counting the facets of all ten filter groups.
//!
//! `cargo run --release -p host-server --example search_bench [PRODUCTS] [SEARCHES]`

use std::time::{Duration, Instant};

use host_server::catalog::search::{SearchIndex, SearchRequest, generated_catalog};
use serde_json::json;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let products: usize = args
        .next()
        .map(|text| text.parse())
        .transpose()?
        .unwrap_or(10_000);
    let searches: usize = args
        .next()
        .map(|text| text.parse())
        .transpose()?
        .unwrap_or(1_000);
    let started = Instant::now();
    let index = SearchIndex::build(&generated_catalog(products))?;
    println!(
        "built the index of {products} products in {:?}",
        started.elapsed()
    );
    let shapes: Vec<SearchRequest> = [
        json!({}),
        json!({"filter": {"searchTerm": "muesli"}}),
        json!({"filter": {"searchTerm": "sport haver senior"}}),
        json!({"filter": {"searchTerm": "vezels", "filters": [{"facetKey": "horseType", "selectedKeys": ["horseType1", "horseType2"]}]}}),
        json!({"filter": {"filters": [{"facetKey": "productGroup", "selectedKeys": ["productGroup0"]}, {"facetKey": "sale", "selectedKey": "sale0"}]}, "pageInfo": {"sort": "price"}}),
        json!({"filter": {"filters": [{"facetKey": "price", "selectedMinValue": "10", "selectedMaxValue": "40"}]}, "pageInfo": {"sort": "name", "page": 5}}),
        json!({"filter": {"filters": [{"facetKey": "rating", "selectedValue": 3}]}, "pageInfo": {"sort": "rating", "pageSize": 100}}),
        json!({"pageInfo": {"sort": "newest", "descending": true, "page": 40}}),
    ]
    .into_iter()
    .map(serde_json::from_value)
    .collect::<Result<_, _>>()?;
    let mut times: Vec<Duration> = Vec::with_capacity(searches);
    let mut found = 0usize;
    for round in 0..searches {
        let request = &shapes[round % shapes.len()];
        let started = Instant::now();
        let response = index.search(1, 1, request)?;
        times.push(started.elapsed());
        found += response.total_count;
    }
    times.sort();
    let at = |share: f64| {
        times[((times.len() as f64 * share).ceil() as usize)
            .saturating_sub(1)
            .min(times.len() - 1)]
    };
    println!(
        "{searches} searches over {products} products: p50 {:?}, p99 {:?}, max {:?} (mean hits {})",
        at(0.50),
        at(0.99),
        times[times.len() - 1],
        found / searches.max(1)
    );
    Ok(())
}
