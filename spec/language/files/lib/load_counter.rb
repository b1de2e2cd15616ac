$load_count += 1
puts "load_counter body run #{$load_count}"

module LoadCounter
  def self.loads = $load_count
end
