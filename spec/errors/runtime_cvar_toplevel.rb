class Holder
  @@count = 1
  def self.count = @@count
end
p Holder.count
@@global_counter = 1
