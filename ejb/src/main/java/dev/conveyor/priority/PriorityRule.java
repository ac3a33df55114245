package dev.conveyor.priority;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/** One ranked rule: jobs whose attributes satisfy {@code expression} go to the rule's bucket. */
@Entity
@Table(name = "CNV_PRIORITY_RULE")
public class PriorityRule {

    public static final int MAX_EXPRESSION_LENGTH = 4000;

    @Id
    @Column(length = 36)
    private String id;

    @Column(nullable = false, unique = true, length = 100)
    private String name;

    /** 1 is evaluated first. Kept unique and dense by {@link PriorityRules}, not by a constraint, so a reorder is one update. */
    @Column(name = "RULE_RANK", nullable = false)
    private int rank;

    @Column(nullable = false, length = MAX_EXPRESSION_LENGTH)
    private String expression;

    private int jmsPriority;

    private int share;

    private boolean enabled;

    @Version
    private long version;

    protected PriorityRule() {
    }

    public PriorityRule(String id, String name, int rank, String expression, int jmsPriority, int share, boolean enabled) {
        this.id = id;
        this.name = name;
        this.rank = rank;
        this.expression = expression;
        this.jmsPriority = jmsPriority;
        this.share = share;
        this.enabled = enabled;
    }

    public Bucket bucket() {
        return new Bucket(name, jmsPriority, share);
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public int getRank() {
        return rank;
    }

    public String getExpression() {
        return expression;
    }

    public int getJmsPriority() {
        return jmsPriority;
    }

    public int getShare() {
        return share;
    }

    public boolean isEnabled() {
        return enabled;
    }

    void setName(String name) {
        this.name = name;
    }

    void setRank(int rank) {
        this.rank = rank;
    }

    void setExpression(String expression) {
        this.expression = expression;
    }

    void setJmsPriority(int jmsPriority) {
        this.jmsPriority = jmsPriority;
    }

    void setShare(int share) {
        this.share = share;
    }

    void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }
}
