package dev.conveyor.operation;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Writes a SHA-256 manifest of documents, which {@code sha256sum -c} can check. */
@ApplicationScoped
public class DigestOperation implements Operation {

    static final String MANIFEST_NAME = "manifest.sha256";

    @Override
    public String name() {
        return "digest";
    }

    @Override
    public String description() {
        return "Writes " + MANIFEST_NAME + ", the SHA-256 of each document in sha256sum format, sorted by name.";
    }

    @Override
    public List<Parameter> inputs() {
        return List.of(Parameter.required(INPUT, ParameterType.DOCUMENT_LIST, "the documents to fingerprint"));
    }

    @Override
    public List<Parameter> outputs() {
        return List.of(Parameter.output(OUTPUT, ParameterType.DOCUMENT, "lines '<hex>  <name>', UTF-8"));
    }

    @Override
    public Map<String, Object> run(OperationContext context) throws Exception {
        List<Document> inputs = context.documents(INPUT).stream().sorted(Comparator.comparing(Document::name)).toList();
        Document output = context.newDocument(MANIFEST_NAME);
        try (Writer manifest = Files.newBufferedWriter(output.path(), StandardCharsets.UTF_8)) {
            for (Document input : inputs) {
                manifest.write(line(sha256(input), input.name()));
            }
        }
        return Map.of(OUTPUT, output);
    }

    /**
     * sha256sum's line: a name holding a backslash or a line break is escaped, and the line then starts
     * with a backslash so that {@code sha256sum -c} unescapes it.
     */
    static String line(String hex, String name) {
        if (name.indexOf('\\') < 0 && name.indexOf('\n') < 0 && name.indexOf('\r') < 0) {
            return hex + "  " + name + "\n";
        }
        String escaped = name.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
        return "\\" + hex + "  " + escaped + "\n";
    }

    private static String sha256(Document document) throws IOException {
        MessageDigest digest = newSha256();
        try (InputStream in = new DigestInputStream(document.openToRead(), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256; this one does not", e);
        }
    }
}
