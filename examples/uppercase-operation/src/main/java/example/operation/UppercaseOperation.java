package example.operation;

import dev.conveyor.operation.Document;
import dev.conveyor.operation.Operation;
import dev.conveyor.operation.OperationContext;
import dev.conveyor.operation.Parameter;
import dev.conveyor.operation.ParameterType;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** An operation from outside Conveyor: writes a text document in upper case. */
public class UppercaseOperation implements Operation {

    @Override
    public String name() {
        return "text.uppercase";
    }

    @Override
    public String description() {
        return "Writes a text document in upper case (an example of an operation added as a jar).";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT, "the text document"),
                Parameter.optional("charset", ParameterType.STRING, "UTF-8", "the document's character set"),
                Parameter.optional("delayMillis", ParameterType.LONG, "0",
                        "a pause before the work, to see how a slow operation behaves (tests, demonstrations)"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "the text in upper case, same name"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Thread.sleep(context.longValue("delayMillis"));
        Document input = context.document(INPUT);
        Charset charset = Charset.forName(context.string("charset"));
        Document output = context.newDocument(input.name());
        // The input read, and the output written as a new file, never through a link someone put in its place meanwhile.
        try (InputStream in = input.openToRead(); OutputStream out = output.openNew()) {
            // Decoded strictly: a file that is not in the charset fails the job rather than being changed.
            String text = charset.newDecoder().decode(ByteBuffer.wrap(in.readAllBytes())).toString();
            out.write(text.toUpperCase(Locale.ROOT).getBytes(charset));
        }
        return Map.of(OUTPUT, output);
    }
}
