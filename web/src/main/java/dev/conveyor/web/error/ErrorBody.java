package dev.conveyor.web.error;

/** Every API error's body: a stable code, a sentence to act on, and the field at fault if any. */
public record ErrorBody(String code, String message, String field) {
}
