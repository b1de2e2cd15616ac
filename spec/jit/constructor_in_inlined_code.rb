# A constructor (`Foo.new` whose `initialize` compiled code calls natively)
# in inlined code: when the runtime gave initialize's frame a record (for
# its `super`), it laid out the frame with the receiver the `new` send's
# state holds, the class, instead of the object allocated. `super` and
# what ran in the frame then worked on the class (DeltaBlue, with forced
# deoptimisation: `@output` read as nil).
class Constraint
  attr_reader :strength

  def initialize(strength)
    @strength = strength
  end
end

class UnaryConstraint < Constraint
  attr_reader :output

  def initialize(v, strength, log)
    super(strength)
    @output = v
    @satisfied = false
    log << [self.class, @output, @strength]
  end
end

class StayConstraint < UnaryConstraint; end
class EditConstraint < UnaryConstraint; end

class Planner
  def initialize
    @log = []
  end

  attr_reader :log

  def stay(v)
    StayConstraint.new(v, :strong, @log)
  end

  def edit(v)
    EditConstraint.new(v, :preferred, @log)
  end
end

planner = Planner.new
made = []
300.times do |i|
  made << planner.stay(i)
  made << planner.edit(i * 2)
end
p made.count { |c| c.output.nil? }
p made.map(&:output).sum
p made.map(&:strength).tally
p planner.log.last(4)
p Constraint.instance_variables, StayConstraint.instance_variables
