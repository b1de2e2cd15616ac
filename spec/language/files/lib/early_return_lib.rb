$early_status = [:start]
module EarlyLib
  def self.ok = :defined_before_return
end
return if $early_status.length == 1
$early_status << :not_reached
