package dev.conveyor.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/messages.md is the catalogue of every message id the code declares: the server's MessageId,
 * the deploy scripts' CNV-01xx and the client library's CNV-71xx. Ids are found in the sources
 * themselves, so a message added anywhere without its catalogue line fails here.
 */
class MessageCatalogueTest {

    private static final Path TOP = Path.of("..");
    /** A format specifier of a MessageId template (%s, %d, %1$s...): shown as … where a value goes. */
    private static final Pattern PLACEHOLDER = Pattern.compile("%(\\d+\\$)?[-#+0,(]*\\d*(\\.\\d+)?[a-zA-Z]");
    private static final Pattern ID = Pattern.compile("CNV-(\\d{4})-([EWI])");
    /** Where messages are declared outside MessageId: the deploy scripts and the client library. */
    private static final List<Path> DECLARING_OUTSIDE_THE_SERVER = List.of(
            Path.of("deploy", "lib.sh"), Path.of("deploy", "run"), Path.of("deploy", "server"), Path.of("deploy", "stop"),
            Path.of("deploy", "cluster"), Path.of("client", "src", "main", "java"));

    record Message(String id, String source, String text) {

        String severity() {
            return switch (id.charAt(id.length() - 1)) {
                case 'E' -> "error";
                case 'W' -> "warning";
                default -> "information";
            };
        }
    }

    static List<Message> declared() {
        List<Message> messages = new ArrayList<>();
        for (MessageId id : MessageId.values()) {
            messages.add(new Message(id.code(), "server (" + id.kind().name().toLowerCase().replace('_', ' ') + ")",
                    PLACEHOLDER.matcher(id.template()).replaceAll("…").replace("%%", "%")));
        }
        for (Path place : DECLARING_OUTSIDE_THE_SERVER) {
            for (Path file : files(TOP.resolve(place))) {
                String source = TOP.relativize(file).toString().replace('\\', '/');
                if (source.startsWith("client/")) {
                    source = "client library";
                }
                messages.addAll(declaredIn(read(file), source));
            }
        }
        messages.sort((a, b) -> a.id().compareTo(b.id()));
        return messages;
    }

    /** Each id at the start of a string, with the message that follows it up to the end of the string (shell) or expression (Java). */
    static List<Message> declaredIn(String source, String where) {
        List<Message> found = new ArrayList<>();
        Matcher id = Pattern.compile("\"(CNV-\\d{4}-[EWI]) ").matcher(source);
        while (id.find()) {
            found.add(new Message(id.group(1), where, where.equals("client library")
                    ? javaConcatenation(source, id.end()) : shellString(source, id.end())));
        }
        return found;
    }

    private static String shellString(String source, int start) {
        int end = start;
        while (source.charAt(end) != '"' || source.charAt(end - 1) == '\\') {
            end++;
        }
        return source.substring(start, end);
    }

    /** A string built with +: literals as they are, anything else as …; stops at the ',' or ')' closing the expression. */
    private static String javaConcatenation(String source, int start) {
        StringBuilder text = new StringBuilder();
        boolean inLiteral = true;
        boolean valuePending = false;
        int depth = 0;
        for (int at = start; at < source.length(); at++) {
            char c = source.charAt(at);
            if (inLiteral) {
                if (c == '"') {
                    inLiteral = false;
                } else {
                    text.append(c);
                }
            } else if (c == '"') {
                if (valuePending) {
                    text.append("…");
                    valuePending = false;
                }
                inLiteral = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && depth > 0) {
                depth--;
            } else if ((c == ',' || c == ')' || c == ';') && depth == 0) {
                break;
            } else if (!Character.isWhitespace(c) && c != '+') {
                valuePending = true;
            }
        }
        if (valuePending) {
            text.append("…");
        }
        return text.toString();
    }

    static String catalogue() {
        StringBuilder table = new StringBuilder("| id | severity | from | message |\n| --- | --- | --- | --- |\n");
        for (Message message : declared()) {
            table.append("| ").append(message.id()).append(" | ").append(message.severity()).append(" | ").append(message.source())
                    .append(" | ").append(message.text().replace("|", "\\|")).append(" |\n");
        }
        return table.toString();
    }

    @Test
    void theMessagesDocumentIsTheCatalogueOfDeclaredIds() {
        String document = read(TOP.resolve("docs/messages.md"));
        assertTrue(document.contains(catalogue()),
                "docs/messages.md must contain this table (regenerate it from the code's messages):\n" + catalogue());
    }

    @Test
    void noTwoMessagesShareAnId() {
        Map<String, List<Message>> byId = declared().stream().collect(Collectors.groupingBy(Message::id, TreeMap::new, Collectors.toList()));
        Map<String, List<Message>> shared = new TreeMap<>(byId);
        shared.values().removeIf(messages -> messages.size() == 1);
        assertEquals(Map.of(), shared);
    }

    @Test
    void everyIdMentionedInTheCodeOrTheDocsIsDeclared() {
        Set<String> declared = declared().stream().map(Message::id).collect(Collectors.toSet());
        Set<String> unknown = new TreeSet<>();
        for (String folder : List.of("ejb/src/main", "web/src/main", "client/src/main", "bench/src/main", "deploy", "docs", "examples")) {
            for (Path file : files(TOP.resolve(folder))) {
                Matcher id = ID.matcher(read(file));
                while (id.find()) {
                    if (!declared.contains(id.group())) {
                        unknown.add(id.group() + " in " + TOP.relativize(file));
                    }
                }
            }
        }
        assertEquals(Set.of(), unknown);
    }

    @Test
    void aJavaMessageBuiltFromPiecesShowsWhereValuesGo() {
        String code = "throw new X(\"CNV-7199-W Endpoint '\" + name + \"' is full (\" + e.getMessage() + \")\", e);";
        assertEquals(List.of(new Message("CNV-7199-W", "client library", "Endpoint '…' is full (…)")),
                declaredIn(code, "client library"));
    }

    @Test
    void aShellMessageEndsAtItsClosingQuote() {
        String script = "die \"CNV-0199-E port $PORT is \\\"taken\\\"; choose another.\" || true";
        assertEquals(List.of(new Message("CNV-0199-E", "deploy/run", "port $PORT is \\\"taken\\\"; choose another.")),
                declaredIn(script, "deploy/run"));
    }

    private static List<Path> files(Path place) {
        if (Files.isRegularFile(place)) {
            return List.of(place);
        }
        try (Stream<Path> walk = Files.walk(place)) {
            return walk.filter(Files::isRegularFile)
                    .filter(file -> !file.toString().contains("/target/") && !file.toString().contains("/node_modules/")
                            && !file.endsWith(Path.of("docs", "messages.md")) && !file.toString().endsWith(".png"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
