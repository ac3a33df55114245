package dev.conveyor.expression;

import jakarta.el.ArrayELResolver;
import jakarta.el.CompositeELResolver;
import jakarta.el.ELContext;
import jakarta.el.ELResolver;
import jakarta.el.FunctionMapper;
import jakarta.el.ImportHandler;
import jakarta.el.ListELResolver;
import jakarta.el.MapELResolver;
import jakarta.el.VariableMapper;
import java.lang.reflect.Method;
import java.util.Map;

/**
 * The EL context of one evaluation: identifiers resolve to the job's attributes, and a dotted
 * name resolves step by step ({@code file} then {@code name} reads attribute {@code file.name}).
 * It has no bean or static resolver, so no property of a Java object and no class is reachable,
 * and every method call is refused ({@link AttributeResolver#invoke}); the only functions are
 * {@link ExpressionFunctions}'. This holds even for an expression {@link ReadOnlyGrammar} let by.
 */
final class AttributeContext extends ELContext {

    private static final ELResolver RESOLVER = resolver();

    private final Map<String, String> attributes;

    AttributeContext(Map<String, String> attributes) {
        this.attributes = attributes;
        // The EL implementation wraps this context; the resolver finds it again by this key.
        putContext(AttributeContext.class, this);
    }

    Map<String, String> attributes() {
        return attributes;
    }

    @Override
    public ELResolver getELResolver() {
        return RESOLVER;
    }

    @Override
    public FunctionMapper getFunctionMapper() {
        return FUNCTIONS;
    }

    @Override
    public VariableMapper getVariableMapper() {
        return null;
    }

    /** EL imports java.lang by default; here no name resolves to a class, a constructor or a static member. */
    @Override
    public ImportHandler getImportHandler() {
        return NO_CLASSES;
    }

    private static final ImportHandler NO_CLASSES = new ImportHandler() {
        @Override
        public Class<?> resolveClass(String name) {
            return null;
        }

        @Override
        public Class<?> resolveStatic(String name) {
            return null;
        }
    };

    private static final FunctionMapper FUNCTIONS = new FunctionMapper() {
        @Override
        public Method resolveFunction(String prefix, String localName) {
            return ExpressionFunctions.resolve(prefix, localName);
        }
    };

    private static ELResolver resolver() {
        CompositeELResolver resolver = new CompositeELResolver();
        resolver.add(new AttributeResolver());
        resolver.add(new MapELResolver(true));
        resolver.add(new ListELResolver(true));
        resolver.add(new ArrayELResolver(true));
        return resolver;
    }
}
