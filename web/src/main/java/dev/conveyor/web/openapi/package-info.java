/**
 * The admin API's OpenAPI document at /openapi: the JAX-RS resources' annotations name the
 * schemas, {@link dev.conveyor.web.openapi.ApiSchemas} makes those whose fields are declared
 * elsewhere (endpoint settings from {@code EndpointSettings}, error codes from {@code MessageId}),
 * {@link dev.conveyor.web.openapi.ConveyorOpenApi} hands them to MicroProfile OpenAPI, and
 * {@link dev.conveyor.web.openapi.DocumentFilter} gives every operation the error body and fixes what Payara
 * gets wrong (times). Swagger UI shows it at /openapi-ui/.
 */
package dev.conveyor.web.openapi;
