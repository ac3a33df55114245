package dev.conveyor.web.openapi;

import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * The last pass over the document Payara made from the annotations. Registered in
 * META-INF/microprofile-config.properties.
 * <ul>
 * <li>Every operation gets the error body as its {@code default} response: every 4xx and 5xx of
 * the admin API is an {@link ApiSchemas#ERROR} (a 401 without credentials comes from the
 * container and has no body). Payara files the body a method returns under {@code default}
 * when no annotation names its status; that is the method's 200, and moves there.</li>
 * <li>The schemas of {@link ApiSchemas} are put back as they are declared: Payara merges into a
 * schema of the model reader what it scans from a class of the same name, and a record of the ejb
 * module comes out of its scan with its annotated times only.</li>
 * <li>A time (a record component marked {@code format = "date-time"}) is a string: Payara keeps
 * the format of the annotation but not its type, and describes an {@code Instant} as an object.</li>
 * </ul>
 */
public class DocumentFilter implements OASFilter {

    static final String DATE_TIME = "date-time";

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

    @Override
    public void filterOpenAPI(OpenAPI document) {
        if (document.getComponents() == null) {
            document.components(OASFactory.createComponents());
        }
        ApiSchemas.all().forEach((name, schema) -> document.getComponents().addSchema(name, ConveyorOpenApi.schema(schema)));
        if (document.getComponents().getSchemas() != null) {
            document.getComponents().getSchemas().values().forEach(DocumentFilter::timesAsStrings);
        }
    }

    /** Replaces each date-time property, at any depth, by a plain string of that format. */
    private static void timesAsStrings(Schema schema) {
        if (schema.getProperties() != null) {
            for (Map.Entry<String, Schema> property : Map.copyOf(schema.getProperties()).entrySet()) {
                if (DATE_TIME.equals(property.getValue().getFormat())) {
                    schema.addProperty(property.getKey(), OASFactory.createSchema().type(Schema.SchemaType.STRING).format(DATE_TIME)
                            .description(property.getValue().getDescription()));
                } else {
                    timesAsStrings(property.getValue());
                }
            }
        }
        if (schema.getItems() != null) {
            timesAsStrings(schema.getItems());
        }
    }
}
