package dev.conveyor.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.el.ELException;
import jakarta.el.ExpressionFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EL escape payloads, known and generated. Each is refused when saved (parse and condition), and
 * evaluated anyway against the evaluation context, past the save check, it runs nothing: the
 * command's file is not created and the {@link Canary} is never called.
 */
class ExpressionEscapeTest {

    private static final Map<String, String> JOB = Map.of("file.name", "a.pdf", "file.extension", "pdf", "endpoint", "in",
            "x", "getClass");
    private static final String CANARY = Canary.class.getName();

    @TempDir
    Path dir;

    @BeforeEach
    void resetCanary() {
        Canary.CALLS.set(0);
        Canary.field = "untouched";
    }

    private List<String> knownPayloads() {
        String touch = "touch " + dir.resolve("pwned");
        return List.of(
                "''.getClass().forName('java.lang.Runtime').getMethod('getRuntime').invoke(null).exec('" + touch + "') != null",
                "${''.getClass().forName('java.lang.Runtime').getMethod('getRuntime').invoke(null).exec('" + touch + "')}",
                "${\"\".getClass().forName(\"java.lang.Runtime\").getRuntime().exec(\"" + touch + "\")}",
                "${''['class'].forName('java.lang.Runtime').getRuntime().exec('" + touch + "')}",
                "${''.class.forName('java.lang.Runtime')}",
                "${x['getClass']()}",
                "${file.name['getClass']().forName('" + CANARY + "').getMethod('touch').invoke(null)}",
                "${''.getClass().forName('" + CANARY + "').getMethod('touch').invoke(null)}",
                "${''.getClass().forName('" + CANARY + "').newInstance()}",
                "${''.getClass().forName('" + CANARY + "').getConstructor().newInstance()}",
                "${java.lang.Runtime.getRuntime().exec('" + touch + "')}",
                "${Runtime.getRuntime().exec('" + touch + "')}",
                "${T(java.lang.Runtime).getRuntime().exec('" + touch + "')}",
                "${T(" + CANARY + ").touch()}",
                "${Class.forName('" + CANARY + "')}",
                "${System.getProperty('user.home')}",
                "${System.exit(3)}",
                "${ProcessBuilder('touch','" + dir.resolve("pwned") + "').start()}",
                "${Boolean.valueOf(true)}",
                "${String.valueOf(1)}",
                "${(x -> x.getClass())(1)}",
                "${((x, y) -> x + y)(1, 2)}",
                "${f = x -> 1; f(0)}",
                "${v = 5}",
                "${1; 2}",
                "${x += ''.getClass()}",
                "${{1, 2}.stream().count()}",
                "${{'a': 1}}",
                "${[1, 2].stream().map(x -> x).toList()}",
                "${file.name.toString()}",
                "${file.name.endsWith('.pdf')}",
                "${file['name'].length()}",
                "${empty ''.getClass()}",
                "${not ''.getClass().forName('" + CANARY + "').getMethod('touch').invoke(null) == null}",
                "${true ? ''.getClass() : 1}",
                "${('' ).getClass()}",
                "#{''.getClass().forName('" + CANARY + "').getMethod('touch').invoke(null)}",
                "name-${''.getClass().forName('" + CANARY + "')}",
                "${x instanceof java.lang.String}",
                "${fn:getClass(x)}",
                "${fn:forName('" + CANARY + "')}",
                "${other:touch()}",
                "${touch()}",
                "${x.fn:length(x)}",
                "${ELContext.getContext()}",
                "${''.getClass().getClassLoader()}",
                "${''.getClass().forName('javax.script.ScriptEngineManager').newInstance().getEngineByName('js').eval('1')}",
                "${\"\".getClass().forName(\"java.lang.Thread\").sleep(1)}",
                "${" + CANARY + ".touch()}",
                "${1 + ''.getClass().hashCode()}",
                "${file.name.class.name}");
    }

    /** Receivers × ways to reach a method × what is reached × where the payload sits: hundreds of forms of the same escape. */
    private List<String> generatedPayloads() {
        List<String> receivers = List.of("''", "\"\"", "file.name", "x", "endpoint", "1", "true", "null", "(file)", "[1]",
                "file['name']", "fn:toLowerCase(x)");
        List<String> reaches = List.of(".getClass()", "['getClass']()", "[\"getClass\"]()", "[x]()", ".class.forName('" + CANARY + "')",
                ".getClass().forName('" + CANARY + "').getMethod('touch').invoke(null)", ".toString()", ".hashCode()",
                "['toString']()", "[('get'+='Class')]()");
        List<String> wrappers = List.of("${P}", "#{P}", "${P == null}", "pre-${P}-post", "${true ? P : 0}", "${(P)}",
                "${not empty P}", "${P eq 'x' or true}", "${fn:length(P) > 0}", "${[P]}");
        List<String> payloads = new ArrayList<>();
        for (String receiver : receivers) {
            for (String reach : reaches) {
                for (String wrapper : wrappers) {
                    payloads.add(wrapper.replace("P", receiver + reach));
                }
            }
        }
        // And a seeded random sample of calls with spaces and line breaks where EL allows them.
        Random random = new Random(12);
        for (int i = 0; i < 200; i++) {
            String space = List.of("", " ", "\n", "\t ").get(random.nextInt(4));
            String receiver = receivers.get(random.nextInt(receivers.size()));
            payloads.add("${" + space + receiver + space + "." + space + "getClass" + space + "(" + space + ")" + space + "}");
        }
        return payloads;
    }

    @Test
    void knownPayloadsAreRefusedAndRunNothing() throws Exception {
        assertRefusedAndHarmless(knownPayloads());
    }

    @Test
    void generatedPayloadsAreRefusedAndRunNothing() throws Exception {
        List<String> payloads = generatedPayloads();
        assertTrue(payloads.size() >= 1_000, "payloads: " + payloads.size());
        assertRefusedAndHarmless(payloads);
    }

    @Test
    void theRefusalSaysWhatIsNotAllowed() {
        InvalidExpressionException refused = assertThrows(InvalidExpressionException.class,
                () -> AttributeExpression.condition("''.getClass().forName('java.lang.Runtime') != null"));
        assertTrue(refused.getMessage().contains("'getClass(' calls a method or function"), refused.getMessage());
        assertTrue(refused.getMessage().contains("fn:endsWith"), refused.getMessage());
        assertTrue(assertThrows(InvalidExpressionException.class, () -> AttributeExpression.parse("${(x -> 1)(2)}"))
                .getMessage().contains("lambda"));
        assertTrue(assertThrows(InvalidExpressionException.class, () -> AttributeExpression.parse("${v = 5}"))
                .getMessage().contains("assignment"));
    }

    @Test
    void readingExpressionsStillPass() {
        for (String reading : List.of("${file.name}", "${(file.extension == 'pdf') and not empty endpoint}", "${file['name']}",
                "${fn:endsWith(file.name, '.pdf') ? 9 : 1}", "${x += '-' += endpoint}", "literal (text) with x.getClass() in it",
                "\\${''.getClass()}", "${-(1 + 2) * 3}", "${empty (x)}", "${not(true)}", "${'a(b)'}", "${1.5e3 > .5}")) {
            AttributeExpression.parse(reading).text(JOB);
        }
        assertEquals("getClass-in", AttributeExpression.parse("${x += '-' += endpoint}").text(JOB));
        assertEquals("literal (text) with x.getClass() in it", AttributeExpression.parse("literal (text) with x.getClass() in it").text(JOB));
    }

    @Test
    void namesThatLookLikeJavaReadAsAttributes() {
        assertEquals("", AttributeExpression.parse("${" + CANARY + ".field}").text(JOB));
        assertEquals("", AttributeExpression.parse("${pageContext.request}").text(JOB));
        assertEquals("", AttributeExpression.parse("${''.getClass}").text(JOB));
        assertEquals(0, Canary.CALLS.get());
    }

    private void assertRefusedAndHarmless(List<String> payloads) throws Exception {
        ExpressionFactory factory = ExpressionFactory.newInstance();
        List<String> accepted = new ArrayList<>();
        for (String payload : payloads) {
            boolean template = payload.contains("${") || payload.contains("#{");
            if (template) { // text without ${...} is literal where templates are taken, and no expression at all
                try {
                    AttributeExpression.parse(payload);
                    accepted.add(payload);
                } catch (InvalidExpressionException refused) {
                    // refused at save, as it should be
                }
            }
            assertThrows(InvalidExpressionException.class, () -> AttributeExpression.condition(payload), payload);
            // Past the save check: straight into the evaluation context.
            try {
                factory.createValueExpression(new AttributeContext(JOB), payload, Object.class).getValue(new AttributeContext(JOB));
            } catch (ELException | IllegalArgumentException failed) {
                // evaluation failed, which is a safe outcome
            }
        }
        assertEquals(List.of(), accepted, "payloads accepted at save");
        assertEquals(0, Canary.CALLS.get(), "calls that reached the canary");
        assertEquals("untouched", Canary.field);
        Thread.sleep(200); // an exec would create the file asynchronously
        assertFalse(Files.exists(dir.resolve("pwned")), "a payload ran a command");
    }
}
