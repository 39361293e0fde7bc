//! The authorization matrix: every operation of the back office in the generated OpenAPI
//! document, called by every preset role, is allowed or refused exactly as the role's
//! permissions say; an operation that declares no permission fails unless it is one of the
//! few open ones (signing in, an invitation).

use serde_json::{Value, json};

use crate::support::staff::demo_members;
use crate::support::{TestApp, fixture_tests};

fixture_tests!(every_role_may_call_exactly_what_its_permissions_allow);

/// The operations anyone may call: the way in.
const OPEN: [&str; 8] = [
    "POST /api/backoffice/signin",
    "POST /api/backoffice/signin/totp",
    "POST /api/backoffice/signin/recovery",
    "POST /api/backoffice/signin/passkey/options",
    "POST /api/backoffice/signin/passkey",
    "POST /api/backoffice/signout",
    "GET /api/backoffice/invitations/{token}",
    "POST /api/backoffice/invitations/{token}",
];

/// A back-office operation and the permissions its `security` names, each enough by itself
/// (OpenAPI's requirements are alternatives; empty: any staff member).
struct Operation {
    method: String,
    path: String,
    permissions: Vec<String>,
}

/// Every operation that names the staff's security, and those under `/api/backoffice`.
fn staff_operations(document: &Value) -> Vec<Operation> {
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let name = format!("{} {path}", method.to_uppercase());
            let staff: Vec<&Value> = operation["security"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|requirement| requirement.get("staffSession"))
                .collect();
            if staff.is_empty() {
                assert!(
                    !path.starts_with("/api/backoffice") || OPEN.contains(&name.as_str()),
                    "{name} declares no permission: add security((\"staffSession\" = [..]))"
                );
                continue;
            }
            operations.push(Operation {
                method: method.to_uppercase(),
                path: path.clone(),
                permissions: staff
                    .iter()
                    .filter_map(|scopes| scopes.as_array().unwrap().first())
                    .map(|scope| scope.as_str().unwrap().to_owned())
                    .collect(),
            });
        }
    }
    operations
}

async fn call(app: &TestApp, browser: &reqwest::Client, operation: &Operation) -> (u16, Value) {
    // Path parameters name nothing that exists: an allowed call ends in 400 or 404, never
    // changing anything.
    let path: String = operation
        .path
        .split('/')
        .map(|part| if part.starts_with('{') { "0" } else { part })
        .collect::<Vec<_>>()
        .join("/");
    let url = app.url(&format!("{path}?status=processing"));
    let method = reqwest::Method::from_bytes(operation.method.as_bytes()).unwrap();
    let mut request = browser.request(method.clone(), url);
    if method != reqwest::Method::GET {
        request = request.json(&json!({}));
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

async fn every_role_may_call_exactly_what_its_permissions_allow(app: TestApp) {
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let operations = staff_operations(&document);
    assert!(operations.len() >= 20, "{} operations", operations.len());
    let mut checked = 0;
    for member in demo_members() {
        let role: engine::staff::StaffRole = serde_json::from_value(json!(member.role)).unwrap();
        let held: Vec<String> = role
            .permissions()
            .iter()
            .map(|permission| {
                serde_json::to_value(permission)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        let browser = app.signed_in_staff(&member.role).await;
        for operation in &operations {
            let allowed = operation.permissions.is_empty()
                || operation
                    .permissions
                    .iter()
                    .any(|permission| held.contains(permission));
            let (status, body) = call(&app, &browser, operation).await;
            let name = format!("{} {} as {}", operation.method, operation.path, member.role);
            if allowed {
                assert!(
                    ![401, 403].contains(&status) && status < 500,
                    "{name}: allowed, answered {status} {body}"
                );
            } else {
                assert_eq!(
                    (status, body["code"].as_str()),
                    (403, Some("errors.permissionDenied")),
                    "{name}: refused"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, operations.len() * 6);
}
