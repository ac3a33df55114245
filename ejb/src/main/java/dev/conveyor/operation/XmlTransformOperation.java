package dev.conveyor.operation;

import dev.conveyor.files.FileNames;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.transform.ErrorListener;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Templates;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

/** Applies an XSLT 1.0 stylesheet to an XML document. */
@ApplicationScoped
public class XmlTransformOperation implements Operation {

    static final String STYLESHEET = "stylesheet";

    @Override
    public String name() {
        return "xml.transform";
    }

    @Override
    public String description() {
        return "Transforms an XML document with an XSLT 1.0 stylesheet; the result is named <name>.xml, .html or .txt after the stylesheet's output method.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(
                Parameter.required(INPUT, ParameterType.DOCUMENT, "the XML document to transform"),
                Parameter.required(STYLESHEET, ParameterType.DOCUMENT, "the XSLT stylesheet; it may not include, import or read other files"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "the transformation's result"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        Document input = context.document(INPUT);
        Document stylesheet = context.document(STYLESHEET);
        WellFormedXml.require(stylesheet);
        WellFormedXml.require(input);
        Templates templates = compile(stylesheet);
        Document output = context.newDocument(FileNames.baseName(input.name()) + "." + extensionFor(templates));
        Transformer transformer = templates.newTransformer();
        CollectedErrors errors = new CollectedErrors();
        transformer.setErrorListener(errors);
        try (InputStream in = input.openToRead();
             OutputStream out = output.openNew()) {
            transformer.transform(new StreamSource(in), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalArgumentException("'" + input.name() + "' could not be transformed with '" + stylesheet.name() + "': "
                    + errors.describe(e), e);
        }
        return Map.of(OUTPUT, output);
    }

    private static Templates compile(Document stylesheet) throws IOException, TransformerConfigurationException {
        TransformerFactory factory = secureFactory();
        CollectedErrors errors = new CollectedErrors();
        factory.setErrorListener(errors);
        try (InputStream in = stylesheet.openToRead()) {
            // No system id: messages then say "line 3" rather than the work folder's path, and since no
            // other file may be read, there is nothing relative to resolve.
            return factory.newTemplates(new StreamSource(in));
        } catch (TransformerException e) {
            throw new IllegalArgumentException("the stylesheet '" + stylesheet.name() + "' does not compile: " + errors.describe(e)
                    + " Correct it and drop the job again.", e);
        }
    }

    /**
     * The JDK's own processor whatever else is on the class path: it honours the access restrictions
     * below, which some other processors reject. A stylesheet may then call no Java extension and read
     * no file or URL, through xsl:include, xsl:import, document() or a DTD.
     */
    private static TransformerFactory secureFactory() throws TransformerConfigurationException {
        TransformerFactory factory = TransformerFactory.newDefaultInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
        return factory;
    }

    private static String extensionFor(Templates templates) {
        return switch (String.valueOf(templates.getOutputProperties().getProperty(OutputKeys.METHOD))) {
            case "html" -> "html";
            case "text" -> "txt";
            default -> "xml";
        };
    }

    /**
     * Keeps the processor's error messages, which carry the stylesheet's line numbers the exception it
     * finally throws often lacks, and keeps them off standard error, where the default listener prints.
     */
    private static final class CollectedErrors implements ErrorListener {

        private final Set<String> messages = new LinkedHashSet<>();

        @Override
        public void warning(TransformerException exception) {
            // Warnings, xsl:message output among them, do not fail the job and have nowhere to go.
        }

        @Override
        public void error(TransformerException exception) {
            messages.add(exception.getMessage());
        }

        @Override
        public void fatalError(TransformerException exception) throws TransformerException {
            messages.add(exception.getMessage());
            throw exception;
        }

        String describe(TransformerException thrown) {
            if (!messages.isEmpty()) {
                return String.join(" ", messages);
            }
            Throwable root = thrown;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            return root.getMessage();
        }
    }
}
