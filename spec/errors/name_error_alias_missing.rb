class Thing
  def present = :here
  alias_method :also_present, :present
  alias_method :new_name, :does_not_exist
end
