class Helper
end

class User
  include Helper
end
