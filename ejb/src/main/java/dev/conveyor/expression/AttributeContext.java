package dev.conveyor.expression;

import jakarta.el.ArrayELResolver;
import jakarta.el.BeanELResolver;
import jakarta.el.CompositeELResolver;
import jakarta.el.ELContext;
import jakarta.el.ELResolver;
import jakarta.el.FunctionMapper;
import jakarta.el.ListELResolver;
import jakarta.el.MapELResolver;
import jakarta.el.VariableMapper;
import java.lang.reflect.Method;
import java.util.Map;

/**
 * The EL context of one evaluation: identifiers resolve to the job's attributes, and a dotted
 * name resolves step by step ({@code file} then {@code name} reads attribute {@code file.name}).
 * Methods of the values ({@code file.name.endsWith('.pdf')}) work through the bean resolver.
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
        return NO_FUNCTIONS;
    }

    @Override
    public VariableMapper getVariableMapper() {
        return null;
    }

    private static final FunctionMapper NO_FUNCTIONS = new FunctionMapper() {
        @Override
        public Method resolveFunction(String prefix, String localName) {
            return null;
        }
    };

    private static ELResolver resolver() {
        CompositeELResolver resolver = new CompositeELResolver();
        resolver.add(new AttributeResolver());
        resolver.add(new MapELResolver(true));
        resolver.add(new ListELResolver(true));
        resolver.add(new ArrayELResolver(true));
        resolver.add(new BeanELResolver(true));
        return resolver;
    }
}
