package dev.conveyor.web.openapi;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Gives every operation of the document the error body as its {@code default} response: every
 * 4xx and 5xx of the admin API is an {@link ApiSchemas#ERROR} (a 401 without credentials comes
 * from the container and has no body). Payara files the body a method returns under
 * {@code default} when no annotation names its status; that is the method's 200, and moves there.
 * Registered in META-INF/microprofile-config.properties.
 */
public class ErrorResponses implements OASFilter {

    @Override
    public Operation filterOperation(Operation operation) {
        APIResponses responses = operation.getResponses() == null ? OASFactory.createAPIResponses() : operation.getResponses();
        APIResponse returned = responses.getDefaultValue();
        boolean successNamed = responses.getAPIResponses() != null
                && responses.getAPIResponses().keySet().stream().anyMatch(status -> status.startsWith("2"));
        if (returned != null && !successNamed) {
            responses.addAPIResponse("200", returned.description("The result."));
        }
        responses.setDefaultValue(OASFactory.createAPIResponse()
                .description("An error: 400 for a bad field or request (naming the field), 404 for an unknown name or id, "
                        + "409 for a duplicate, 500 for a failure of the server.")
                .content(OASFactory.createContent().addMediaType("application/json", OASFactory.createMediaType()
                        .schema(OASFactory.createSchema().ref(ApiSchemas.ref(ApiSchemas.ERROR))))));
        return operation.responses(responses);
    }
}
