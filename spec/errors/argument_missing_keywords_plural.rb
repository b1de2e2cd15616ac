class Job
  def initialize(name:, priority:, owner:)
  end
end

Job.new(owner: "x")
