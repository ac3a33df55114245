package dev.conveyor.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * One job to put: a document sent as bytes with its file name, or a path the server reads itself
 * (below one of its allowed roots), plus attributes that become the job's attributes. Its
 * {@link #id()} is fixed at creation, so putting the same submission again (after a timeout, say)
 * never makes a second job.
 */
public final class Submission {

    private final String id = UUID.randomUUID().toString();
    private final String fileName;
    private final byte[] content;
    private final String path;
    private final Map<String, String> attributes = new LinkedHashMap<>();

    private Submission(String fileName, byte[] content, String path) {
        this.fileName = fileName;
        this.content = content;
        this.path = path;
    }

    /** A document travelling in the message; {@code fileName} is a plain name (no folders). */
    public static Submission document(String fileName, byte[] content) {
        return new Submission(Objects.requireNonNull(fileName), content.clone(), null);
    }

    /** A file the server takes from where it lies: it is moved into the endpoint's stage folder. */
    public static Submission file(String serverPath) {
        return new Submission(null, null, Objects.requireNonNull(serverPath));
    }

    /** Adds a job attribute; names are Java identifiers, not starting with "conveyor" or "JMS". */
    public Submission attribute(String name, String value) {
        if (SubmissionProtocol.isProtocolProperty(name) || !isIdentifier(name)) {
            throw new IllegalArgumentException("attribute name '" + name + "' must be a Java identifier not starting with "
                    + SubmissionProtocol.PREFIX + ", JMS or _");
        }
        attributes.put(name, Objects.requireNonNull(value));
        return this;
    }

    private static boolean isIdentifier(String name) {
        return !name.isEmpty() && Character.isJavaIdentifierStart(name.charAt(0))
                && name.chars().skip(1).allMatch(Character::isJavaIdentifierPart);
    }

    public String id() {
        return id;
    }

    public String fileName() {
        return fileName;
    }

    byte[] content() {
        return content;
    }

    public String path() {
        return path;
    }

    public Map<String, String> attributes() {
        return Collections.unmodifiableMap(attributes);
    }
}
