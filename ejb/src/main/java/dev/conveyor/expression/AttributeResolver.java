package dev.conveyor.expression;

import jakarta.el.ELContext;
import jakarta.el.ELResolver;
import jakarta.el.MethodNotFoundException;
import java.util.Map;

/**
 * Resolves identifiers and property steps to job attributes. A name that is an attribute yields
 * its value; a name that only begins attributes ({@code file} of {@code file.name}) yields an
 * {@link AttributePath} for the next step; anything else yields null, so a job without an
 * attribute reads it as empty rather than failing.
 */
final class AttributeResolver extends ELResolver {

    @Override
    public Object getValue(ELContext context, Object base, Object property) {
        String name;
        if (base == null) {
            name = String.valueOf(property);
        } else if (base instanceof AttributePath path) {
            name = path.prefix() + "." + property;
        } else {
            return null;
        }
        context.setPropertyResolved(true);
        Map<String, String> attributes = ((AttributeContext) context.getContext(AttributeContext.class)).attributes();
        String value = attributes.get(name);
        String deeper = name + ".";
        boolean prefix = attributes.keySet().stream().anyMatch(key -> key.startsWith(deeper));
        return prefix ? new AttributePath(name, value) : value;
    }

    /** No method of any value may run from an expression: the call fails before it reaches the value. */
    @Override
    public Object invoke(ELContext context, Object base, Object method, Class<?>[] paramTypes, Object[] params) {
        throw new MethodNotFoundException("method '" + method + "' may not be called: expressions only read attributes");
    }

    @Override
    public Class<?> getType(ELContext context, Object base, Object property) {
        return null;
    }

    @Override
    public void setValue(ELContext context, Object base, Object property, Object value) {
        // Attributes are read-only in expressions; leaving the property unresolved lets EL say so.
    }

    @Override
    public boolean isReadOnly(ELContext context, Object base, Object property) {
        return true;
    }

    @Override
    public Class<?> getCommonPropertyType(ELContext context, Object base) {
        return base == null || base instanceof AttributePath ? String.class : null;
    }

    /** A name some attributes begin with; where it is an attribute too, it reads as that value. */
    record AttributePath(String prefix, String value) {
        @Override
        public String toString() {
            return value == null ? "" : value;
        }
    }
}
