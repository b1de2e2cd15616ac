module Helpers
  def self.present = "here"
end

puts Helpers.present
Helpers.absent
